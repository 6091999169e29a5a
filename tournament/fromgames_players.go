package tournament

import (
	"cmp"
	"slices"
	"strings"
)

// The players of an event read from its games: who is who, from the FIDE
// ID tags, the names and a fuzzy match of names.

// identity is one player being put together from the games' sides.
type identity struct {
	fideID    int64
	names     []string // spellings, in order of appearance
	tokens    []string
	rounds    [(maxRounds + 64) / 64]uint64
	games     []int // game indices, in order
	method    string
	rating    int
	ratingRd  int
	first     int // first game index
	firstSide int
	merged    int    // index of the identity this one was merged into, -1 when alive
	display   string // the name shown, once the identities are final (builder.display)
}

func (id *identity) addRound(r int) { id.rounds[r/64] |= 1 << (r % 64) }

func (id *identity) disjoint(o *identity) bool {
	for i := range id.rounds {
		if id.rounds[i]&o.rounds[i] != 0 {
			return false
		}
	}
	return true
}

// identify puts the sides of the usable games together into players.
func (b *builder) identify() {
	byID := map[int64]int{}
	byKey := map[string][]int{} // name key -> identities with that key
	newIdent := func(g, k int, sd *side, method string) int {
		b.ids = append(b.ids, identity{fideID: sd.id, tokens: nameTokens(sd.name), method: method, first: g, firstSide: k, merged: -1})
		return len(b.ids) - 1
	}
	// FIDE IDs first: they are the players' identities.
	for _, g := range b.usable {
		for k := range 2 {
			sd := &b.sides[g][k]
			if sd.id == 0 {
				continue
			}
			i, ok := byID[sd.id]
			if !ok {
				i = newIdent(g, k, sd, "fide_id")
				byID[sd.id] = i
			}
			sd.ident = i
		}
	}
	for i := range b.ids {
		key := strings.Join(b.ids[i].tokens, " ")
		if key != "" {
			byKey[key] = append(byKey[key], i)
		}
	}
	// Then names: the one identity of that name (with an ID or not).
	for _, g := range b.usable {
		for k := range 2 {
			sd := &b.sides[g][k]
			if sd.id != 0 || sd.name == "" {
				continue
			}
			key := nameKey(sd.name)
			if key == "" {
				continue
			}
			switch c := byKey[key]; len(c) {
			case 0:
				i := newIdent(g, k, sd, "name")
				byKey[key] = []int{i}
				sd.ident = i
			case 1:
				sd.ident = c[0]
			default:
				// Two FIDE IDs under this name: a player without one
				// cannot be told from either.
				sd.ident = -1
			}
		}
	}
	for g := range b.sides {
		for k := range 2 {
			if i := b.sides[g][k].ident; i >= 0 {
				b.record(i, g, k)
			}
		}
	}
	b.fuzzy()
	for i := range b.ids {
		if b.ids[i].merged < 0 && len(b.ids[i].games) > 0 {
			b.alive = append(b.alive, i)
		}
	}
}

// record adds game g's side k to identity i.
func (b *builder) record(i, g, k int) {
	id := &b.ids[i]
	sd := &b.sides[g][k]
	id.games = append(id.games, g)
	id.addRound(b.round[g])
	if sd.name != "" && !slices.Contains(id.names, sd.name) {
		id.names = append(id.names, sd.name)
	}
	if sd.elo > 0 && (id.rating == 0 || b.round[g] < id.ratingRd) {
		id.rating, id.ratingRd = sd.elo, b.round[g]
	}
}

// fuzzy merges a name-only identity into the one other identity its name
// fuzzily matches, when the two never play in the same round.
func (b *builder) fuzzy() {
	byToken := map[string][]int{}
	for i := range b.ids {
		for _, t := range b.ids[i].tokens {
			if len(t) >= 2 {
				byToken[t] = append(byToken[t], i)
			}
		}
	}
	order := make([]int, 0, len(b.ids))
	for i := range b.ids {
		if b.ids[i].fideID == 0 {
			order = append(order, i)
		}
	}
	// Shorter names (initials) first: they are the ones written in part.
	slices.SortStableFunc(order, func(x, y int) int {
		return cmp.Or(len(b.ids[x].tokens)-len(b.ids[y].tokens), len(strings.Join(b.ids[x].tokens, ""))-len(strings.Join(b.ids[y].tokens, "")))
	})
	root := func(i int) int {
		for b.ids[i].merged >= 0 {
			i = b.ids[i].merged
		}
		return i
	}
	for _, i := range order {
		a := &b.ids[i]
		if a.merged >= 0 {
			continue
		}
		// Candidates share the rarest whole word of a's name.
		var cands []int
		for _, t := range a.tokens {
			if len(t) >= 2 && (cands == nil || len(byToken[t]) < len(cands)) {
				cands = byToken[t]
			}
		}
		found := -1
		seen := map[int]bool{}
		for _, c := range cands {
			j := root(c)
			if j == i || seen[j] {
				continue
			}
			seen[j] = true
			o := &b.ids[j]
			if !fuzzyName(a.tokens, o.tokens) {
				continue
			}
			if !a.disjoint(o) {
				continue // both play in one round: two players
			}
			if found >= 0 {
				found = -2 // ambiguous
				break
			}
			found = j
		}
		if found < 0 {
			continue
		}
		o := &b.ids[found]
		a.merged = found
		for _, g := range a.games {
			for k := range 2 {
				if b.sides[g][k].ident == i {
					b.sides[g][k].ident = found
				}
			}
		}
		for w := range o.rounds {
			o.rounds[w] |= a.rounds[w]
		}
		o.games = append(o.games, a.games...)
		slices.Sort(o.games)
		for _, n := range a.names {
			if !slices.Contains(o.names, n) {
				o.names = append(o.names, n)
			}
		}
		if a.rating > 0 && (o.rating == 0 || a.ratingRd < o.ratingRd) {
			o.rating, o.ratingRd = a.rating, a.ratingRd
		}
		if a.first < o.first {
			o.first, o.firstSide = a.first, a.firstSide
		}
		if o.method == "name" {
			o.method = "name_fuzzy"
		}
	}
}
