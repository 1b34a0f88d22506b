package fow

import "github.com/warroom/warroom/games"

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
		Irreversible:       []string{VConcede, VMoraleFailed},
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
			out[v-1] = act(VDie, v)
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
			out = append(out, act(VAttack), act(VDefend))
		}
	case PhObjectives:
		if nextPlacer(s) == seat {
			out = append(out, act(VPlaced))
		}
	case PhAssign:
		out = assignLegal(s, seat, sd)
	case PhTable:
		if !sd.Deployed {
			out = append(out, act(VDeployed))
			if s.m().Meeting && !s.SwapVotes[seat] {
				out = append(out, act(VSwap))
			}
		}
	case PhPatrol:
		if !sd.Patrol {
			for i, p := range sd.Platoons {
				if p.Status == StTable && p.Teams >= 5 {
					out = append(out, act(VPatrol, i, 0), act(VPatrol, i, 1))
				}
			}
			if len(out) == 0 {
				out = append(out, act(VNoPatrol))
			}
		}
	case PhImmediate:
		out = immediateLegal(s, seat, sd)
	case PhRecce:
		if !sd.Recce {
			out = append(out, act(VDone))
		}
	case PhBattle:
		out = battleLegal(s, seat)
	}
	return out
}

// assignLegal is the deployment's choices: each platoon on the table,
// in reserve or in ambush as the mission allows, then lock.
func assignLegal(s *State, seat int, sd *Side) []games.Action {
	if sd.Locked {
		return nil
	}
	var out []games.Action
	m := s.m()
	role := s.role(seat)
	ambushOK := role == 1 && m.Ambush != "none"
	nA := s.count(seat, StAmbush)
	for i, p := range sd.Platoons {
		if p.Status != StTable {
			out = append(out, act(VAssign, i, 0))
		}
		if p.Status != StReserve && m.reserves(role) != "none" {
			out = append(out, act(VAssign, i, 1))
		}
		if p.Status != StAmbush && ambushOK && nA < m.AmbushMax {
			out = append(out, act(VAssign, i, 2))
		}
	}
	if m.reserveMin(role) == "mobile" {
		for i, p := range sd.Platoons {
			if p.TransOnly && inT(p) {
				out = append(out, act(VLeave, i))
			}
		}
	}
	if len(deployErrors(s, seat)) == 0 {
		out = append(out, act(VLock))
	}
	return out
}

// immediateLegal is the choices of the immediate ambush checks.
func immediateLegal(s *State, seat int, sd *Side) []games.Action {
	var out []games.Action
	if seat == s.Attacker {
		return []games.Action{act(VOverride), act(VRefuse)}
	}
	if s.Check != nil {
		return []games.Action{act(VAns, 0), act(VAns, 1)}
	}
	for i, p := range sd.Platoons {
		if p.Status == StAmbush {
			out = append(out, act(VCheck, i))
		}
	}
	if s.ImmFailed >= 0 && !s.OverrideVotes[seat] {
		out = append(out, act(VOverride))
	}
	return out
}

// appendOthers offers verb for every index of choices but the current
// one's: a roster choice is a change.
func appendOthers(out []games.Action, verb string, choices []string, current string) []games.Action {
	for i, c := range choices {
		if c != current {
			out = append(out, act(verb, i))
		}
	}
	return out
}

func rosterLegal(sd *Side) []games.Action {
	var out []games.Action
	out = appendOthers(out, VCompany, Companies, sd.Company)
	out = appendOthers(out, VAlways, Alwayses, sd.Always)
	if len(sd.Platoons) < 20 {
		for i := range data.Templates {
			out = append(out, act(VAdd, i))
		}
	}
	for i := range sd.Platoons {
		if i != sd.Sel {
			out = append(out, act(VSel, i))
		}
	}
	if sd.Sel >= 0 && sd.Sel < len(sd.Platoons) {
		p := sd.Platoons[sd.Sel]
		out = appendOthers(out, VSkill, Skills, p.Skill)
		out = appendOthers(out, VMot, Motivations, p.Motivation)
		for f := range Flags {
			if validPlatoon(toggleFlag(p, f)) {
				out = append(out, act(VFlag, f))
			}
		}
		for _, d := range PointSteps {
			if p.Points+d >= 0 && p.Points+d <= 2000 {
				out = append(out, act(VPts, d))
			}
		}
		for _, d := range TeamSteps {
			if p.Teams+d >= 0 && p.Teams+d <= 40 {
				out = append(out, act(VTeams, d))
			}
		}
		out = append(out, act(VPlatoon, sd.Sel), act(VDel))
	}
	if len(sd.Platoons) > 0 {
		out = append(out, act(VReady))
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
	return append(losses(s, seat), act(VConcede))
}

// losses are the seat's loss reports: one per platoon on the table or in
// ambush (spec §6.2 mark_destroyed).
func losses(s *State, seat int) []games.Action {
	var out []games.Action
	for i, p := range s.Sides[seat].Platoons {
		if inT(p) {
			out = append(out, act(VLost, seat, i))
		}
	}
	return out
}

func battleLegal(s *State, seat int) []games.Action {
	var out []games.Action
	t := &s.T
	if seat != s.Active {
		return append([]games.Action{act(VAgreeEnd), act(VDeclineEnd)}, anytime(s, seat)...)
	}
	{
		if s.Check != nil {
			return []games.Action{act(VAns, 0), act(VAns, 1)}
		}
		if t.Withdraw != nil {
			if t.Withdraw.P >= 0 {
				return []games.Action{act(VAns, 0), act(VAns, 1)}
			}
			for i, p := range s.Sides[seat].Platoons {
				if inT(p) {
					out = append(out, act(VWithdraw, i))
				}
			}
			return out
		}
		if t.PicksLeft > 0 {
			for i, p := range s.Sides[seat].Platoons {
				if p.Status == StReserve {
					out = append(out, act(VArrive, i))
				}
			}
			return out
		}
		switch s.Sub {
		case SubVictory:
			objs, clear := victoryOptions(s)
			for _, o := range objs {
				out = append(out, act(VHold, o))
			}
			if clear {
				out = append(out, act(VClear), act(VNotClear))
			} else {
				out = append(out, act(VNone))
			}
		case SubAmbush:
			for i, p := range s.Sides[seat].Platoons {
				if p.Status == StAmbush {
					out = append(out, act(VSpring, i))
				}
			}
			out = append(out, act(VNotNow))
		case SubWithdrawal:
			for _, o := range gradualObjs(s) {
				out = append(out, act(VRemove, o))
			}
		case SubMovement, SubShooting:
			out = append(out, act(VNext), act(VEndTurn))
		case SubAssault:
			out = append(out, act(VEndTurn))
		}
	}
	out = append(out, losses(s, seat)...)
	out = append(out, act(VMoraleFailed), act(VConcede))
	if !s.AgreeVotes[seat] {
		out = append(out, act(VAgreeEnd))
	}
	return out
}

// Do performs one legal action through the verb table (verbs.go), then
// everything that follows on its own (advance).
func (Game) Do(s State, seat games.Seat, a games.Action, rng games.Rand) (State, []games.Event) {
	m := games.Begin(s, seat, rng)
	w := m.S
	w.Refused = a.Verb == VRefuse
	games.Dispatch(verbs, m, a)
	advance(w, rng)
	for _, e := range w.evs {
		m.LogSeen(e.Kind, games.Seat(e.Seat), e.Vis, e)
	}
	w.evs = nil
	return *w, m.Events
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
