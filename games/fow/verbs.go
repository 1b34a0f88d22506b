package fow

import "github.com/warroom/warroom/games"

// verbs is the verb table: each verb's arguments and function (the
// steps of spec §6-§8); advance then carries out what follows on its
// own (Do).
var verbs = games.Verbs[State]{
	VDie: {Args: 1, Do: on(doDie)},
	// roster
	VCompany: {Args: 1, Do: on(doCompany)},
	VAlways:  {Args: 1, Do: on(doAlways)},
	VAdd:     {Args: 1, Do: on(doAdd)},
	VSel:     {Args: 1, Do: on(doSel)},
	VSkill:   {Args: 1, Do: on(doSkill)},
	VMot:     {Args: 1, Do: on(doMot)},
	VFlag:    {Args: 1, Do: on(doFlag)},
	VPts:     {Args: 1, Do: on(doPts)},
	VTeams:   {Args: 1, Do: on(doTeams)},
	VPlatoon: {Args: 1, MaxArgs: 3, Do: on(doPlatoon)},
	VDel:     {Do: on(doDel)},
	VReady:   {Do: on(doReady)},
	// roles, objectives
	VAttack: {Do: on(doAttack)},
	VDefend: {Do: on(doDefend)},
	VPlaced: {Do: on(doPlaced)},
	// deployment
	VAssign:   {Args: 2, Do: on(doAssign)},
	VLeave:    {Args: 1, Do: on(doLeave)},
	VLock:     {Do: on(doLock)},
	VDeployed: {Do: on(doDeployed)},
	VSwap:     {Do: on(doSwap)},
	VPatrol:   {Args: 2, Do: on(doPatrol)},
	VNoPatrol: {Do: on(doNoPatrol)},
	VCheck:    {Args: 1, Do: on(doCheck)},
	VSpring:   {Args: 1, Do: on(doSpring)},
	VOverride: {Do: on(doOverride)},
	VAns:      {Args: 1, Do: on(doAns)},
	VDone:     {Do: on(doDone)},
	// battle
	VHold:         {Args: 1, Do: on(doHold)},
	VNone:         {Do: on(doNone)},
	VClear:        {Do: on(doClear)},
	VNotClear:     {Do: on(doNotClear)},
	VNotNow:       {Do: on(doNotNow)},
	VRemove:       {Args: 1, Do: on(doRemove)},
	VWithdraw:     {Args: 1, Do: on(doWithdraw)},
	VArrive:       {Args: 1, Do: on(doArrive)},
	VNext:         {Do: on(doNext)},
	VEndTurn:      {Do: on(doEndTurn)},
	VLost:         {Args: 2, Do: on(doLost)},
	VMoraleFailed: {Do: on(doMoraleFailed)},
	VConcede:      {Do: on(doConcede)},
	VDeclineEnd:   {Do: on(doDeclineEnd)},
	VRefuse:       {Do: on(doRefuse)},
	VAgreeEnd:     {Do: on(doAgreeEnd)},
}

// on is a verb's step on the state, the seat, the action and the dice.
func on(f func(w *State, seat int, a games.Action, rng games.Rand)) func(m *games.Move[State], a games.Action) {
	return func(m *games.Move[State], a games.Action) { f(m.S, int(m.Seat), a, m.Rand) }
}

func doDie(w *State, seat int, a games.Action, rng games.Rand) {
	w.Await.Got = append(w.Await.Got, a.Args[0])
	if len(w.Await.Got) == len(w.Await.Seats) {
		aw := w.Await
		w.Await = nil
		resolve(w, rng, aw.Purpose, aw.Got)
	}
}

func doCompany(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Company = Companies[a.Args[0]]
}

func doAlways(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Always = Alwayses[a.Args[0]]
}

func doAdd(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons = append(sd.Platoons, newPlatoon(*sd, a.Args[0]))
	sd.Sel = len(sd.Platoons) - 1
}

func doSel(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Sel = a.Args[0]
}

func doSkill(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons[sd.Sel].Skill = Skills[a.Args[0]]
}

func doMot(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons[sd.Sel].Motivation = Motivations[a.Args[0]]
}

func doFlag(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons[sd.Sel] = toggleFlag(sd.Platoons[sd.Sel], a.Args[0])
}

func doPts(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons[sd.Sel].Points += a.Args[0]
}

func doTeams(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons[sd.Sel].Teams += a.Args[0]
}

func doPlatoon(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	setDetails(&sd.Platoons[a.Args[0]], a)
}

func doDel(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Platoons = append(sd.Platoons[:sd.Sel:sd.Sel], sd.Platoons[sd.Sel+1:]...)
	if sd.Sel >= len(sd.Platoons) {
		sd.Sel = len(sd.Platoons) - 1
	}
}

func doReady(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Ready = true
	sd.Sel = -1
	for i := range sd.Platoons {
		sd.Platoons[i].Status = StTable
	}
	w.log("roster_ready", seat, len(sd.Platoons))
}

func doAttack(w *State, seat int, a games.Action, rng games.Rand) {
	setRoles(w, seat, "rolloff_choice")
}

func doDefend(w *State, seat int, a games.Action, rng games.Rand) {
	setRoles(w, 1-seat, "rolloff_choice")
}

func doPlaced(w *State, seat int, a games.Action, rng games.Rand) {
	k := len(w.Objectives)
	sp := w.m().objSeq()[k]
	half := w.Attacker
	if sp.Half == 1 {
		half = w.defender()
	}
	w.Objectives = append(w.Objectives, Objective{Placer: seat, Half: half})
	w.log("obj_placed", seat, k, half)
}

func doAssign(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	p := &sd.Platoons[a.Args[0]]
	p.Status = []string{StTable, StReserve, StAmbush}[a.Args[1]]
	if p.Status == StReserve {
		p.LeftBehind = false
	}
}

func doLeave(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	p := &sd.Platoons[a.Args[0]]
	p.LeftBehind = !p.LeftBehind
}

func doLock(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Locked = true
	w.log("locked", seat)
}

func doDeployed(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Deployed = true
	w.log("deployed", seat)
}

func doSwap(w *State, seat int, a games.Action, rng games.Rand) {
	w.SwapVotes[seat] = true
	if w.SwapVotes[0] && w.SwapVotes[1] {
		w.FinishedFirst = 1 - w.FinishedFirst
		w.SwapVotes = [2]bool{}
		w.log("finished_first", w.FinishedFirst)
	} else {
		w.log("swap_vote", seat)
	}
}

func doPatrol(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	p := &sd.Platoons[a.Args[0]]
	p.Patrol = true
	p.PatrolLeft = a.Args[1] == 1
	sd.Patrol = true
	w.log("patrol", seat, a.Args[0], a.Args[1])
}

func doNoPatrol(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Patrol = true
	w.log("no_patrol", seat)
}

func doCheck(w *State, seat int, a games.Action, rng games.Rand) {
	w.Check = &Checklist{Seat: seat, P: a.Args[0], Immediate: true}
}

func doSpring(w *State, seat int, a games.Action, rng games.Rand) {
	w.Check = &Checklist{Seat: seat, P: a.Args[0]}
}

func doOverride(w *State, seat int, a games.Action, rng games.Rand) {
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
}

func doAns(w *State, seat int, a games.Action, rng games.Rand) {
	if w.Check != nil {
		answerCheck(w, a.Args[0])
	} else {
		answerWithdraw(w, a.Args[0], rng)
	}
}

func doDone(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	sd.Recce = true
}

func doHold(w *State, seat int, a games.Action, rng games.Rand) {
	endGame(w, seat, w.m().EndCheck, a.Args[0])
}

func doNone(w *State, seat int, a games.Action, rng games.Rand) {
	w.T.VictoryDone = true
	w.log("victory_none", seat)
}

func doClear(w *State, seat int, a games.Action, rng games.Rand) {
	endGame(w, seat, "defender_clear", seat)
}

func doNotClear(w *State, seat int, a games.Action, rng games.Rand) {
	w.T.VictoryDone = true
	w.log("victory_none", seat)
}

func doNotNow(w *State, seat int, a games.Action, rng games.Rand) {
	w.T.AmbushDone = true
}

func doRemove(w *State, seat int, a games.Action, rng games.Rand) {
	removeObj(w, a.Args[0])
}

func doWithdraw(w *State, seat int, a games.Action, rng games.Rand) {
	sd := &w.Sides[seat]
	p := &sd.Platoons[a.Args[0]]
	if p.Status == StAmbush {
		p.Status = StWithdrawn
		w.log("withdrawn", seat, a.Args[0], 1)
		w.Delay = 0
		w.T.Withdraw = nil
		noPlatoons(w)
	} else {
		w.T.Withdraw.P = a.Args[0]
	}
}

func doArrive(w *State, seat int, a games.Action, rng games.Rand) {
	arrive(w, seat, a.Args[0])
	w.T.PicksLeft--
}

func doNext(w *State, seat int, a games.Action, rng games.Rand) {
	if w.Sub == SubMovement {
		w.Sub = SubShooting
	} else {
		w.Sub = SubAssault
	}
}

func doEndTurn(w *State, seat int, a games.Action, rng games.Rand) {
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
}

func doLost(w *State, seat int, a games.Action, rng games.Rand) {
	w.Sides[a.Args[0]].Platoons[a.Args[1]].Status = StDestroyed
	w.log("lost", a.Args[0], a.Args[1])
	noPlatoons(w)
}

func doMoraleFailed(w *State, seat int, a games.Action, rng games.Rand) {
	endGame(w, 1-seat, "morale_failed", seat)
}

func doConcede(w *State, seat int, a games.Action, rng games.Rand) {
	endGame(w, 1-seat, "concede", seat)
}

func doDeclineEnd(w *State, seat int, a games.Action, rng games.Rand) {
	w.AgreeVotes = [2]bool{}
	w.log("agree_declined", seat)
}

func doRefuse(w *State, seat int, a games.Action, rng games.Rand) {
	w.OverrideVotes = [2]bool{}
	w.log("override_refused", seat)
}

func doAgreeEnd(w *State, seat int, a games.Action, rng games.Rand) {
	w.AgreeVotes[seat] = true
	if w.AgreeVotes[0] && w.AgreeVotes[1] {
		endGame(w, -1, "agreed", -1)
	} else {
		w.log("agree_vote", seat)
	}
}
