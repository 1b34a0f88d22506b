package flanders

// The names the engine and its renderer share: the engine's id, its
// options, phases, outcome reasons and verbs (the text form of an
// action: verb.args, doc.go).

// ID is the engine id.
const ID = "flanders"

// Option keys (spec §11).
const (
	OptBeginner        = "beginner"
	OptFirstPlayer     = "first_player"
	OptStrongArtillery = "strong_artillery"
)

// Phases (spec §6.2).
const (
	PhaseReady     = "ready"
	PhaseRolled    = "rolled"
	PhaseGas       = "resolve_gas"
	PhaseArtillery = "resolve_artillery"
	PhaseSacrifice = "resolve_sacrifice"
	PhaseMove      = "move"
	PhaseMines     = "mines_prompt"
	PhaseOver      = "game_over"
)

// Outcome reasons.
const (
	ReasonObjective = "objective"
	ReasonAllElim   = "all_eliminated"
	ReasonTwoElim   = "two_player_elimination"
)

// Verbs (spec §6.2), by phase.
const (
	VerbGas           = "gas" // ready
	VerbRoll          = "roll"
	VerbStop          = "stop"
	VerbTake          = "take" // rolled
	VerbRecon         = "recon"
	VerbBalloon       = "balloon"
	VerbAcceptBust    = "accept_bust"
	VerbGasDiscard    = "gas_discard"    // resolve_gas
	VerbCancel        = "cancel"         // resolve_artillery
	VerbKeepArtillery = "keep_artillery" //
	VerbSacrifice     = "sacrifice"      // resolve_sacrifice
	VerbStepInfantry  = "step_infantry"  // move
	VerbStepTank      = "step_tank"
	VerbAutoMove      = "auto_move"
	VerbEndMove       = "end_move"
	VerbUseMines      = "use_mines" // mines_prompt
	VerbHalt          = "halt"
)
