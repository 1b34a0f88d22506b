package trenches

// The names the engine and its renderer share: the engine's id, its
// phases and its verbs (the text form of an action, doc.go).

// ID is the game id.
const ID = "trenches"

// Phases.
const (
	PhaseSetupDefender = "setup_defender"
	PhaseSetupRaider   = "setup_raider"
	PhaseRaider        = "raider_turn"
	PhaseDefender      = "defender_turn"
	PhaseOver          = "game_over"
)

// Action verbs.
const (
	VDugout  = "dugout"  // dugout.<hex>             Defender set-up: place a dugout
	VPlace   = "place"   // place.<ctr>.<hex>.<hid>  set-up: place the next counter (hid 1 = face down)
	VUnplace = "unplace" // undo the last set-up step
	VAuto    = "auto"    // random/automatic set-up of everything left (spec 5.4)
	VReady   = "ready"   // confirm a complete set-up
	VMove    = "move"    // move.<unit>.<hex>
	VExit    = "exit"    // exit.<unit>: move off the red edge
	VAttack  = "attack"  // attack.<unit>.<target>
	VClear   = "clear"   // clear.<unit>
	VReveal  = "reveal"  // reveal.<hex>.<unit>
	VEnd     = "end"     // end the player turn
)
