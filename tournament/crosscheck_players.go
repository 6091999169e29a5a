package tournament

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Who is who: the TRF's players found for the sides of the games, by
// FIDE ID, then by name.

func (x *xcheck) buildIndexes() {
	t := x.t
	x.byIDs, x.byName = map[int64][]int{}, map[string][]int{}
	x.tokens = make([][]string, len(t.Players))
	x.keys = make(map[int]string, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		if p.FideID > 0 {
			x.byIDs[p.FideID] = append(x.byIDs[p.FideID], p.StartRank)
		}
		x.tokens[i] = nameTokens(p.Name)
		k := strings.Join(x.tokens[i], " ")
		x.byName[k] = append(x.byName[k], p.StartRank)
		if _, dup := x.keys[p.StartRank]; !dup {
			x.keys[p.StartRank] = k
		}
	}
	x.idConflicts = map[[2]int64]int{}
	x.resolved = make([]resolved, len(x.games))
}

// resolvePlayer finds a PGN player in the TRF: by FIDE ID, then by name.
// When the ID and the name name different players, alt is the name's.
func (x *xcheck) resolvePlayer(g int, name, idTag string) (rank int, how string, alt int) {
	id, _ := strconv.ParseInt(strings.TrimSpace(idTag), 10, 64)
	if id > 0 {
		// The usual case, cheaply: the ID's only player has that name.
		if c := x.byIDs[id]; len(c) == 1 && x.keys[c[0]] == nameKey(name) {
			return c[0], "fide_id", 0
		}
	}
	rank, how = x.resolve(g, name, id)
	if how == "fide_id" {
		if n, _ := x.resolveName(name); n != 0 && n != rank {
			alt = n
		}
	}
	return rank, how, alt
}

func (x *xcheck) resolveName(name string) (int, string) {
	if name == "" || name == "?" {
		return 0, ""
	}
	if c := x.byName[nameKey(name)]; len(c) == 1 {
		return c[0], "name"
	}
	tok := nameTokens(name)
	found := 0
	for i := range x.t.Players {
		if fuzzyName(tok, x.tokens[i]) {
			if found != 0 {
				return 0, "" // ambiguous
			}
			found = x.t.Players[i].StartRank
		}
	}
	if found != 0 {
		return found, "name_fuzzy"
	}
	return 0, ""
}

func (x *xcheck) resolve(g int, name string, id int64) (int, string) {
	byName := func() (int, string) { return x.resolveName(name) }
	if id <= 0 {
		return byName()
	}
	cands := x.byIDs[id]
	n, how := byName()
	switch {
	case len(cands) == 1:
		if n != 0 && n != cands[0] {
			// The ID names one TRF player, the name another (P11).
			x.conflict(cands[0], id, g, fmt.Sprintf("the PGN's FIDE ID %d is player %d's, but the name %q is player %d's", id, cands[0], name, n))
		}
		return cands[0], "fide_id"
	case len(cands) > 1:
		if n != 0 && slices.Contains(cands, n) {
			return n, how
		}
		return 0, ""
	}
	// The ID is not in the TRF: match by name, and report the disagreement
	// when the TRF gives that player another ID.
	if n != 0 {
		if p := x.t.Player(n); p != nil && p.FideID != id {
			other := ""
			if c := x.byIDs[p.FideID]; len(c) > 1 {
				others := slices.DeleteFunc(slices.Clone(c), func(s int) bool { return s == n })
				other = fmt.Sprintf(", a FIDE ID the TRF also gives player %s", joinInts(others))
			}
			trfID := "none"
			if p.FideID > 0 {
				trfID = strconv.FormatInt(p.FideID, 10)
			}
			x.conflict(n, id, g, fmt.Sprintf("the PGN gives FIDE ID %d for player %d (%s), the TRF has %s%s", id, n, p.Name, trfID, other))
		}
	}
	return n, how
}

func (x *xcheck) conflict(startRank int, id int64, g int, msg string) {
	k := [2]int64{int64(startRank), id}
	if _, seen := x.idConflicts[k]; seen {
		return
	}
	x.idConflicts[k] = g
	p := x.t.Player(startRank)
	gi := &x.games[g]
	x.add(Finding{Check: "P11", Severity: SeverityError, Line: p.Line, Column: 58, Player: startRank,
		HasGame: true, GameID: gi.ID, GameFile: gi.File, GameLine: gi.Line, GameIndex: gi.Index, GameOffset: gi.Offset, Message: msg})
}
