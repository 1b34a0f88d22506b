package blindaz

// The names the engine and its renderer share: the engine's id, its
// options and its verbs (the text form of an action, doc.go).

// ID is the game id.
const ID = "blindaz"

// Option keys and values (spec §11). The table-service options of the spec
// (bots, takeover_after, bot_after, board) are not rules options.
const (
	OptDifficulty = "difficulty"
	OptSolo       = "solo"
	SoloTwo       = "two_soldiers"
	SoloLone      = "lone_soldier"
)

// Verbs of the actions (text form verb.arg.arg). Cells are given as column
// index 0..6 (A..G) and lane 1..6.
const (
	VDeploy  = "deploy"  // deploy.lane
	VMove    = "move"    // move.col.lane
	VBack    = "back"    // back (undo the move; nothing random happened)
	VBuild   = "build"   // build.slot.ori (ori = side mask N1 E2 S4 W8)
	VFlag    = "flag"    // flag
	VClear   = "clear"   // clear.col.lane
	VAttack  = "attack"  // attack.col.lane
	VTake    = "take"    // take.slot
	VThrow   = "throw"   // throw.dir (0 N, 1 E, 2 S, 3 W)
	VReplace = "replace" // replace
	VPass    = "pass"    // pass
)
