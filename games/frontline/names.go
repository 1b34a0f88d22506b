package frontline

// ID is the game id.
const ID = "frontline"

// Verbs (the text form of an action, doc.go). place, target, remove,
// degrade, promote and fort answer a pending decision (State.Queue).
const (
	VPlace   = "place"
	VTarget  = "target"
	VRemove  = "remove"
	VDegrade = "degrade"
	VPromote = "promote"
	VFort    = "fort"
	VDraft   = "draft"
	VDraw    = "draw"
	VBuy     = "buy"
	VPlay    = "play"
	VMove    = "move"
	VSwap    = "swap"
	VShell   = "shell"
	VDeclare = "declare"
	VPeek    = "peek"
	VEnd     = "end"
	VCard    = "card"
	VDone    = "done"
	VPass    = "pass"
)
