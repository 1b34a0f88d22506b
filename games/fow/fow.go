package fow

import (
	"slices"
	"strings"

	"github.com/warroom/warroom/games"
)

// ID is the game id.
const ID = "fow"

// Game is the Flames of War mission referee engine.
type Game struct{}

// Engine is the game as the table service plays it (catalog lists it).
func Engine() games.Engine { return games.Adapt[State](Game{}) }

// Info describes the referee and its options.
func (Game) Info() games.Info {
	ids := []string{"random"}
	for _, m := range data.Missions {
		ids = append(ids, m.ID)
	}
	return games.Info{
		ID: ID, Name: "Flames of War mission referee", MinSeats: 2, MaxSeats: 2,
		TimeoutRemindsOnly: true,
		OutOfTurn:          true,
		Irreversible:       []string{"concede", "morale_failed"},
		Options: []games.OptionSpec{
			{Key: "mission", Kind: games.OptionString, Choices: ids, Default: "free_for_all"},
			{Key: "dice", Kind: games.OptionString, Choices: []string{"bot", "manual"}, Default: "bot"},
			{Key: "units", Kind: games.OptionString, Choices: []string{"in", "cm"}, Default: "in"},
		},
	}
}

// Setup creates the mission. Option "mission" = "random" draws one die for a
// random Fair Fight mission (spec §11).
func (Game) Setup(opts games.Options, seats int, rng games.Rand) (State, error) {
	if seats != 2 {
		return State{}, games.Illegal("bad_seats", seats)
	}
	id := opts["mission"]
	if id == "" {
		id = "free_for_all"
	}
	if id == "random" {
		id = data.RandomFairFight[games.Die(rng, 6)-1]
	}
	if _, ok := MissionByID(id); !ok {
		return State{}, games.Illegal("bad_option", "mission", id)
	}
	s := State{Mission: id, Phase: PhRoster, Attacker: -1, RollWinner: -1, FinishedFirst: -1,
		First: -1, Active: -1, Winner: -1, ImmFailed: -1, Units: "in"}
	switch opts["dice"] {
	case "", "bot":
	case "manual":
		s.Manual = true
	default:
		return State{}, games.Illegal("bad_option", "dice", opts["dice"])
	}
	switch opts["units"] {
	case "", "in":
	case "cm":
		s.Units = "cm"
	default:
		return State{}, games.Illegal("bad_option", "units", opts["units"])
	}
	for i := range s.Sides {
		s.Sides[i] = Side{Company: "infantry", Sel: -1}
	}
	s.log("created", -1)
	return s, nil
}

// Active lists who may act now.
func (Game) Active(s State) []games.Seat {
	var out []games.Seat
	for _, x := range activeSeats(&s) {
		out = append(out, games.Seat(x))
	}
	return out
}

func activeSeats(s *State) []int {
	if s.Phase == PhOver {
		return nil
	}
	if s.Await != nil {
		return []int{s.Await.Seats[len(s.Await.Got)]}
	}
	var out []int
	both := func(f func(Side) bool) {
		for i, sd := range s.Sides {
			if !f(sd) {
				out = append(out, i)
			}
		}
	}
	switch s.Phase {
	case PhRoster:
		both(func(sd Side) bool { return sd.Ready })
	case PhRoleChoice:
		out = []int{s.RollWinner}
	case PhObjectives:
		if p := nextPlacer(s); p >= 0 {
			out = []int{p}
		}
	case PhAssign:
		both(func(sd Side) bool { return sd.Locked })
	case PhTable:
		both(func(sd Side) bool { return sd.Deployed })
	case PhPatrol:
		both(func(sd Side) bool { return sd.Patrol })
	case PhRecce:
		both(func(sd Side) bool { return sd.Recce })
	case PhImmediate:
		out = []int{s.defender()}
		if s.overrideAsked() {
			out = []int{s.Attacker}
		}
	case PhBattle:
		out = []int{s.Active}
		if s.agreeAsked() {
			out = append(out, 1-s.Active)
		}
	}
	return out
}

// overrideAsked: the defender asked the attacker to agree to an Immediate
// Ambush placement that failed the checklist.
func (s *State) overrideAsked() bool {
	return s.ImmFailed >= 0 && s.Check == nil && s.OverrideVotes[s.defender()] && !s.OverrideVotes[s.Attacker]
}

// agreeAsked: the active seat proposed an agreed end; the other may answer.
func (s *State) agreeAsked() bool {
	return s.AgreeVotes[s.Active] && !s.AgreeVotes[1-s.Active] && !pending(s)
}

func nextPlacer(s *State) int {
	seq := s.m().objSeq()
	k := len(s.Objectives)
	if k >= len(seq) {
		return -1
	}
	if seq[k].Placer == 0 {
		return s.Attacker
	}
	return s.defender()
}

func pending(s *State) bool {
	return s.Await != nil || s.Check != nil || s.T.Withdraw != nil || s.T.PicksLeft > 0
}

func act(v string, a ...int) games.Action { return games.Act(v, a...) }

// Legal lists every action seat may take now.
func (Game) Legal(s State, seat games.Seat) []games.Action {
	return legal(&s, int(seat))
}

func legal(s *State, seat int) []games.Action {
	ok := false
	for _, x := range activeSeats(s) {
		ok = ok || x == seat
	}
	if !ok {
		return anytime(s, seat)
	}
	if s.Await != nil {
		if s.Await.Seats[len(s.Await.Got)] != seat {
			return anytime(s, seat)
		}
		out := make([]games.Action, 6)
		for v := 1; v <= 6; v++ {
			out[v-1] = act("die", v)
		}
		return out
	}
	sd := &s.Sides[seat]
	var out []games.Action
	switch s.Phase {
	case PhRoster:
		out = rosterLegal(sd)
	case PhRoleChoice:
		if seat == s.RollWinner {
			out = append(out, act("attack"), act("defend"))
		}
	case PhObjectives:
		if nextPlacer(s) == seat {
			out = append(out, act("placed"))
		}
	case PhAssign:
		if sd.Locked {
			return nil
		}
		m := s.m()
		role := s.role(seat)
		ambushOK := role == 1 && m.Ambush != "none"
		nA := s.count(seat, StAmbush)
		for i, p := range sd.Platoons {
			if p.Status != StTable {
				out = append(out, act("assign", i, 0))
			}
			if p.Status != StReserve && m.reserves(role) != "none" {
				out = append(out, act("assign", i, 1))
			}
			if p.Status != StAmbush && ambushOK && nA < m.AmbushMax {
				out = append(out, act("assign", i, 2))
			}
		}
		if m.reserveMin(role) == "mobile" {
			for i, p := range sd.Platoons {
				if p.TransOnly && inT(p) {
					out = append(out, act("leave", i))
				}
			}
		}
		if len(deployErrors(s, seat)) == 0 {
			out = append(out, act("lock"))
		}
	case PhTable:
		if !sd.Deployed {
			out = append(out, act("deployed"))
			if s.m().Meeting && !s.SwapVotes[seat] {
				out = append(out, act("swap"))
			}
		}
	case PhPatrol:
		if !sd.Patrol {
			for i, p := range sd.Platoons {
				if p.Status == StTable && p.Teams >= 5 {
					out = append(out, act("patrol", i, 0), act("patrol", i, 1))
				}
			}
			if len(out) == 0 {
				out = append(out, act("no_patrol"))
			}
		}
	case PhImmediate:
		if seat == s.Attacker {
			return []games.Action{act("override"), act("refuse")}
		}
		if s.Check != nil {
			return []games.Action{act("ans", 0), act("ans", 1)}
		}
		for i, p := range sd.Platoons {
			if p.Status == StAmbush {
				out = append(out, act("check", i))
			}
		}
		if s.ImmFailed >= 0 && !s.OverrideVotes[seat] {
			out = append(out, act("override"))
		}
	case PhRecce:
		if !sd.Recce {
			out = append(out, act("done"))
		}
	case PhBattle:
		out = battleLegal(s, seat)
	}
	return out
}

func rosterLegal(sd *Side) []games.Action {
	var out []games.Action
	for i, c := range Companies {
		if c != sd.Company {
			out = append(out, act("company", i))
		}
	}
	for i, a := range Alwayses {
		if a != sd.Always {
			out = append(out, act("always", i))
		}
	}
	if len(sd.Platoons) < 20 {
		for i := range data.Templates {
			out = append(out, act("add", i))
		}
	}
	for i := range sd.Platoons {
		if i != sd.Sel {
			out = append(out, act("sel", i))
		}
	}
	if sd.Sel >= 0 && sd.Sel < len(sd.Platoons) {
		p := sd.Platoons[sd.Sel]
		for i, v := range Skills {
			if v != p.Skill {
				out = append(out, act("skill", i))
			}
		}
		for i, v := range Motivations {
			if v != p.Motivation {
				out = append(out, act("mot", i))
			}
		}
		for f := range Flags {
			if validPlatoon(toggleFlag(p, f)) {
				out = append(out, act("flag", f))
			}
		}
		for _, d := range PointSteps {
			if p.Points+d >= 0 && p.Points+d <= 2000 {
				out = append(out, act("pts", d))
			}
		}
		for _, d := range TeamSteps {
			if p.Teams+d >= 0 && p.Teams+d <= 40 {
				out = append(out, act("teams", d))
			}
		}
		out = append(out, act("platoon", sd.Sel), act("del"))
	}
	if len(sd.Platoons) > 0 {
		out = append(out, act("ready"))
	}
	return out
}

// anytime is what a seat may do in battle whatever the turn (spec §6.2,
// "Actions available at any time"): report the loss of one of its own
// platoons on the table or in ambush (mark_destroyed), and concede. Never
// the opponent's losses: only the owner reports them. The choices naming
// ambushers reach only their owner: a seat not to act sees them in "My
// units", and the acting seat's menu is private while it holds one
// (Game.PrivateChoices).
func anytime(s *State, seat int) []games.Action {
	if s.Phase != PhBattle || seat < 0 || seat > 1 || s.Await != nil {
		return nil
	}
	return append(losses(s, seat), act("concede"))
}

// losses are the seat's loss reports: one per platoon on the table or in
// ambush (spec §6.2 mark_destroyed).
func losses(s *State, seat int) []games.Action {
	var out []games.Action
	for i, p := range s.Sides[seat].Platoons {
		if inT(p) {
			out = append(out, act("lost", seat, i))
		}
	}
	return out
}

func battleLegal(s *State, seat int) []games.Action {
	var out []games.Action
	t := &s.T
	if seat != s.Active {
		return append([]games.Action{act("agree_end"), act("decline_end")}, anytime(s, seat)...)
	}
	{
		if s.Check != nil {
			return []games.Action{act("ans", 0), act("ans", 1)}
		}
		if t.Withdraw != nil {
			if t.Withdraw.P >= 0 {
				return []games.Action{act("ans", 0), act("ans", 1)}
			}
			for i, p := range s.Sides[seat].Platoons {
				if inT(p) {
					out = append(out, act("withdraw", i))
				}
			}
			return out
		}
		if t.PicksLeft > 0 {
			for i, p := range s.Sides[seat].Platoons {
				if p.Status == StReserve {
					out = append(out, act("arrive", i))
				}
			}
			return out
		}
		switch s.Sub {
		case SubVictory:
			objs, clear := victoryOptions(s)
			for _, o := range objs {
				out = append(out, act("hold", o))
			}
			if clear {
				out = append(out, act("clear"), act("not_clear"))
			} else {
				out = append(out, act("none"))
			}
		case SubAmbush:
			for i, p := range s.Sides[seat].Platoons {
				if p.Status == StAmbush {
					out = append(out, act("spring", i))
				}
			}
			out = append(out, act("not_now"))
		case SubWithdrawal:
			for _, o := range gradualObjs(s) {
				out = append(out, act("remove", o))
			}
		case SubMovement, SubShooting:
			out = append(out, act("next"), act("end_turn"))
		case SubAssault:
			out = append(out, act("end_turn"))
		}
	}
	out = append(out, losses(s, seat)...)
	out = append(out, act("morale_failed"), act("concede"))
	if !s.AgreeVotes[seat] {
		out = append(out, act("agree_end"))
	}
	return out
}

// Explain says why a is not legal, as precisely as the spec's codes go.
func (Game) Explain(s State, seat games.Seat, a games.Action) error {
	return explain(&s, int(seat), a)
}

// Do performs one legal action.
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	w := s.clone()
	perform(&w, int(seat), a, rng)
	advance(&w, rng)
	var evs []games.Event
	for _, e := range w.evs {
		ev := games.Event{Kind: e.Kind, Seat: games.Seat(e.Seat), Data: map[string]any{"args": append([]int(nil), e.Args...)}}
		if e.Vis >= 0 {
			ev.Private, ev.Only = true, []games.Seat{games.Seat(e.Vis)}
		}
		if e.Text != "" {
			ev.Data["text"] = e.Text
		}
		evs = append(evs, ev)
	}
	w.evs = nil
	return w, evs
}

// explain gives the most precise error for a, which is not in Legal.
func explain(s *State, seat int, a games.Action) error {
	if s.Phase == PhOver {
		return games.Illegal("game_over")
	}
	l := legal(s, seat)
	if len(l) == 0 {
		return games.Illegal("not_your_turn")
	}
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return -1
	}
	if !slices.Contains(activeSeats(s), seat) && a.Verb != "lost" {
		return games.Illegal("not_your_turn")
	}
	sd := s.Sides[seat]
	plat := func(i int) (Platoon, bool) {
		if i >= 0 && i < len(sd.Platoons) {
			return sd.Platoons[i], true
		}
		return Platoon{}, false
	}
	switch a.Verb {
	case "lost":
		if s.Phase == PhBattle && arg(0) != seat {
			return games.Illegal("not_owner")
		}
	case "die":
		if s.Await != nil {
			return games.Illegal("bad_die", a.String())
		}
	case "lock":
		if s.Phase == PhAssign && !sd.Locked {
			errs := deployErrors(s, seat)
			if len(errs) > 0 {
				return games.Illegal(errs[0], strings.Join(errs, ","))
			}
		}
	case "assign":
		if s.Phase == PhAssign && !sd.Locked {
			m := s.m()
			switch arg(1) {
			case 1:
				if m.reserves(s.role(seat)) == "none" {
					return games.Illegal("reserves_not_allowed")
				}
			case 2:
				if s.role(seat) != 1 || m.Ambush == "none" {
					return games.Illegal("ambush_not_allowed")
				}
				if s.count(seat, StAmbush) >= m.AmbushMax {
					return games.Illegal("ambush_max")
				}
			}
		}
	case "flag":
		if s.Phase == PhRoster {
			return games.Illegal("flag_invalid")
		}
	case "patrol":
		if s.Phase == PhPatrol && !sd.Patrol {
			p, ok := plat(arg(0))
			if ok && p.Status != StTable {
				return games.Illegal("patrol_not_on_table")
			}
			if ok && p.Teams < 5 {
				return games.Illegal("patrol_too_small")
			}
		}
	case "arrive":
		if s.Phase == PhBattle && s.T.PicksLeft > 0 && seat == s.Active {
			return games.Illegal("bad_selection_count")
		}
	case "hold":
		if s.Phase == PhBattle && s.Sub == SubVictory && seat == s.Active {
			return games.Illegal("objective_not_eligible")
		}
	}
	inPhase := false
	for _, x := range l {
		if x.Verb == a.Verb {
			inPhase = true
		}
	}
	if !inPhase {
		if s.Phase == PhBattle && seat != s.Active {
			return games.Illegal("not_your_turn", a.String())
		}
		return games.Illegal("wrong_phase", a.String())
	}
	return games.Illegal("bad_action", a.String())
}

// perform applies a legal action (w is a private copy).
func perform(w *State, seat int, a games.Action, rng games.Rand) {
	arg := func(i int) int { return a.Args[i] }
	sd := &w.Sides[seat]
	w.Refused = a.Verb == "refuse"
	switch a.Verb {
	case "die":
		w.Await.Got = append(w.Await.Got, arg(0))
		if len(w.Await.Got) == len(w.Await.Seats) {
			aw := w.Await
			w.Await = nil
			resolve(w, rng, aw.Purpose, aw.Got)
		}
	// roster
	case "company":
		sd.Company = Companies[arg(0)]
	case "always":
		sd.Always = Alwayses[arg(0)]
	case "add":
		sd.Platoons = append(sd.Platoons, newPlatoon(*sd, arg(0)))
		sd.Sel = len(sd.Platoons) - 1
	case "sel":
		sd.Sel = arg(0)
	case "skill":
		sd.Platoons[sd.Sel].Skill = Skills[arg(0)]
	case "mot":
		sd.Platoons[sd.Sel].Motivation = Motivations[arg(0)]
	case "flag":
		sd.Platoons[sd.Sel] = toggleFlag(sd.Platoons[sd.Sel], arg(0))
	case "pts":
		sd.Platoons[sd.Sel].Points += arg(0)
	case "teams":
		sd.Platoons[sd.Sel].Teams += arg(0)
	case "platoon":
		setDetails(&sd.Platoons[arg(0)], a)
	case "del":
		sd.Platoons = append(sd.Platoons[:sd.Sel:sd.Sel], sd.Platoons[sd.Sel+1:]...)
		if sd.Sel >= len(sd.Platoons) {
			sd.Sel = len(sd.Platoons) - 1
		}
	case "ready":
		sd.Ready = true
		sd.Sel = -1
		for i := range sd.Platoons {
			sd.Platoons[i].Status = StTable
		}
		w.log("roster_ready", seat, len(sd.Platoons))
	// roles, objectives
	case "attack":
		setRoles(w, seat, "rolloff_choice")
	case "defend":
		setRoles(w, 1-seat, "rolloff_choice")
	case "placed":
		k := len(w.Objectives)
		sp := w.m().objSeq()[k]
		half := w.Attacker
		if sp.Half == 1 {
			half = w.defender()
		}
		w.Objectives = append(w.Objectives, Objective{Placer: seat, Half: half})
		w.log("obj_placed", seat, k, half)
	// deployment
	case "assign":
		p := &sd.Platoons[arg(0)]
		p.Status = []string{StTable, StReserve, StAmbush}[arg(1)]
		if p.Status == StReserve {
			p.LeftBehind = false
		}
	case "leave":
		p := &sd.Platoons[arg(0)]
		p.LeftBehind = !p.LeftBehind
	case "lock":
		sd.Locked = true
		w.log("locked", seat)
	case "deployed":
		sd.Deployed = true
		w.log("deployed", seat)
	case "swap":
		w.SwapVotes[seat] = true
		if w.SwapVotes[0] && w.SwapVotes[1] {
			w.FinishedFirst = 1 - w.FinishedFirst
			w.SwapVotes = [2]bool{}
			w.log("finished_first", w.FinishedFirst)
		} else {
			w.log("swap_vote", seat)
		}
	case "patrol":
		p := &sd.Platoons[arg(0)]
		p.Patrol = true
		p.PatrolLeft = arg(1) == 1
		sd.Patrol = true
		w.log("patrol", seat, arg(0), arg(1))
	case "no_patrol":
		sd.Patrol = true
		w.log("no_patrol", seat)
	case "check":
		w.Check = &Checklist{Seat: seat, P: arg(0), Immediate: true}
	case "spring":
		w.Check = &Checklist{Seat: seat, P: arg(0)}
	case "override":
		w.OverrideVotes[seat] = true
		w.log("override_vote", seat)
		if w.OverrideVotes[0] && w.OverrideVotes[1] {
			p := w.ImmFailed
			def := w.defender()
			w.Sides[def].Platoons[p].Status = StTable
			w.log("override", def, p)
			w.log("ambush_revealed", def, p)
			w.ImmFailed = -1
			w.OverrideVotes = [2]bool{}
		}
	case "ans":
		if w.Check != nil {
			answerCheck(w, arg(0))
		} else {
			answerWithdraw(w, arg(0), rng)
		}
	case "done":
		sd.Recce = true
	// battle
	case "hold":
		endGame(w, seat, w.m().EndCheck, arg(0))
	case "none":
		w.T.VictoryDone = true
		w.log("victory_none", seat)
	case "clear":
		endGame(w, seat, "defender_clear", seat)
	case "not_clear":
		w.T.VictoryDone = true
		w.log("victory_none", seat)
	case "not_now":
		w.T.AmbushDone = true
	case "remove":
		removeObj(w, arg(0))
	case "withdraw":
		p := &sd.Platoons[arg(0)]
		if p.Status == StAmbush {
			p.Status = StWithdrawn
			w.log("withdrawn", seat, arg(0), 1)
			w.Delay = 0
			w.T.Withdraw = nil
			noPlatoons(w)
		} else {
			w.T.Withdraw.P = arg(0)
		}
	case "arrive":
		arrive(w, seat, arg(0))
		w.T.PicksLeft--
	case "next":
		if w.Sub == SubMovement {
			w.Sub = SubShooting
		} else {
			w.Sub = SubAssault
		}
	case "end_turn":
		m := w.m()
		if m.TurnLimit > 0 && w.Active != w.First && w.Turn >= m.TurnLimit {
			win := -1
			switch m.TimeoutWinner {
			case "defender":
				win = w.defender()
			case "attacker":
				win = w.Attacker
			}
			endGame(w, win, "turn_limit", m.TurnLimit)
			return
		}
		w.log("turn_end", seat, w.Turn)
		w.Active = 1 - w.Active
		if w.Active == w.First {
			w.Turn++
		}
		w.MERestricted = false
		startTurn(w)
	case "lost":
		w.Sides[arg(0)].Platoons[arg(1)].Status = StDestroyed
		w.log("lost", arg(0), arg(1))
		noPlatoons(w)
	case "morale_failed":
		endGame(w, 1-seat, "morale_failed", seat)
	case "concede":
		endGame(w, 1-seat, "concede", seat)
	case "decline_end":
		w.AgreeVotes = [2]bool{}
		w.log("agree_declined", seat)
	case "refuse":
		w.OverrideVotes = [2]bool{}
		w.log("override_refused", seat)
	case "agree_end":
		w.AgreeVotes[seat] = true
		if w.AgreeVotes[0] && w.AgreeVotes[1] {
			endGame(w, -1, "agreed", -1)
		} else {
			w.log("agree_vote", seat)
		}
	}
}

func answerCheck(w *State, ans int) {
	c := w.Check
	pl := w.Sides[c.Seat].Platoons[c.P]
	q := len(c.Answers)
	c.Answers = append(c.Answers, ans)
	if ans != checkLegal[q] {
		w.Check = nil
		w.logv("ambush_failed", c.Seat, c.Seat, "", c.P, q+1)
		if c.Immediate {
			w.ImmFailed = c.P
			w.OverrideVotes = [2]bool{}
			w.log("imm_failed", c.Seat)
		} else {
			w.T.AmbushFails++
		}
		return
	}
	if len(c.Answers) == checkLen(pl) {
		w.Check = nil
		w.Sides[c.Seat].Platoons[c.P].Status = StTable
		w.log("ambush_revealed", c.Seat, c.P)
		if c.Immediate && w.ImmFailed == c.P {
			w.ImmFailed = -1
			w.OverrideVotes = [2]bool{}
		}
	}
}

func answerWithdraw(w *State, ans int, rng games.Rand) {
	wd := w.T.Withdraw
	wd.Answers = append(wd.Answers, ans)
	def := w.defender()
	if ans == 0 {
		w.Sides[def].Platoons[wd.P].Status = StWithdrawn
		w.log("withdrawn", def, wd.P, 0)
		w.Delay = 0
		w.T.Withdraw = nil
		noPlatoons(w)
		return
	}
	if len(wd.Answers) == 2 {
		need(w, rng, "skill", []int{def})
	}
}

// Outcome reports the result: scores are the victory points per seat.
func (Game) Outcome(s State) games.Outcome {
	if s.Phase != PhOver {
		return games.Outcome{}
	}
	o := games.Outcome{Done: true, Scores: []int{s.VP[0], s.VP[1]}, Reason: s.Reason}
	if s.Winner >= 0 {
		o.Winners = []games.Seat{games.Seat(s.Winner)}
	}
	return o
}
