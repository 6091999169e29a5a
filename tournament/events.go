package tournament

import (
	"slices"
	"strconv"
	"strings"
)

// Events: the games of a run put into events by their tags (GroupEvents),
// before FromGames reads each.

// ParseRound reads a PGN Round tag: "3", "3.12" or "3.1.2" give round 3
// (board 12, board 1). round is 0 when the tag names no round ("?", "-",
// "", text) or a round beyond what a TRF can hold.
func ParseRound(s string) (round, board int) {
	r, b := parseRound(s)
	if r > maxRounds {
		return 0, 0
	}
	return r, b
}

// EventKey is what puts a game into an event: its Event tag, and its Site
// and EventDate tags where present ("?" and "????.??.??" are absent; a
// Site that is a URL names the game, not the venue, and is ignored). File
// is set only when the Event tag is absent: such games form one event per
// file.
type EventKey struct {
	Event, Site, EventDate, File string
}

// KeyOf returns the event key of a game from its tags and file.
func KeyOf(event, site, eventDate, file string) EventKey {
	k := EventKey{Event: tagValue(event), Site: tagValue(site), EventDate: tagValue(eventDate)}
	if strings.Contains(k.Site, "://") {
		k.Site = ""
	}
	if strings.Trim(k.EventDate, "?.") == "" {
		k.EventDate = ""
	}
	if k.Event == "" {
		k.File = file
	}
	return k
}

func tagValue(s string) string {
	s = strings.TrimSpace(s)
	if s == "?" || s == "-" {
		return ""
	}
	return s
}

// Name is the event's name for people: the Event tag, or the file.
func (k EventKey) Name() string {
	if k.Event != "" {
		return k.Event
	}
	return k.File
}

// String writes the key: `"Event" (Site, EventDate)`.
func (k EventKey) String() string {
	s := strconv.Quote(k.Name())
	var extra []string
	for _, v := range []string{k.Site, k.EventDate} {
		if v != "" {
			extra = append(extra, v)
		}
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// EventGroups are games split into events by their EventKey.
type EventGroups struct {
	Keys  []EventKey // the events, in the order of their first game
	Games [][]int    // indices into the games of each event, in input order
	index map[EventKey]int
}

// GroupEvents splits games into events by EventKey. extra are keys of
// games not given (games kept out of memory, counted elsewhere) that take
// part in the grouping. A key without Site or EventDate joins the one
// event of the same Event tag (and file) that has them and agrees on the
// parts it has, when there is exactly one.
func GroupEvents(games []GameInfo, extra []EventKey) *EventGroups {
	g := &EventGroups{index: map[EventKey]int{}}
	exact := map[EventKey][]int{}
	var order []EventKey
	add := func(k EventKey) {
		if _, ok := exact[k]; !ok {
			exact[k] = nil
			order = append(order, k)
		}
	}
	for i := range games {
		gi := &games[i]
		k := KeyOf(gi.Event, gi.Site, gi.EventDate, gi.File)
		add(k)
		exact[k] = append(exact[k], i)
	}
	for _, k := range extra {
		add(k)
	}
	for _, k := range order {
		to := resolveKey(k, order)
		if _, ok := g.index[to]; !ok {
			g.index[to] = len(g.Keys)
			g.Keys = append(g.Keys, to)
			g.Games = append(g.Games, nil)
		}
		g.index[k] = g.index[to]
	}
	for _, k := range order {
		j := g.index[k]
		g.Games[j] = append(g.Games[j], exact[k]...)
	}
	for j := range g.Games {
		slices.Sort(g.Games[j])
	}
	return g
}

// resolveKey returns the key k's games go to among keys: k itself, or the
// one fuller key of the same Event tag and file that agrees with k on the
// parts k has.
func resolveKey(k EventKey, keys []EventKey) EventKey {
	if k.Site != "" && k.EventDate != "" {
		return k
	}
	var found []EventKey
	for _, o := range keys {
		if o == k || o.Event != k.Event || o.File != k.File {
			continue
		}
		agrees := (k.Site == "" || o.Site == k.Site) && (k.EventDate == "" || o.EventDate == k.EventDate)
		fuller := (o.Site != "" && k.Site == "") || (o.EventDate != "" && k.EventDate == "")
		if agrees && fuller {
			found = append(found, o)
		}
	}
	if len(found) == 1 {
		return resolveKey(found[0], keys)
	}
	// Several: only one that has both parts and takes in all the others
	// is unambiguous.
	var full []EventKey
	for _, o := range found {
		if o.Site != "" && o.EventDate != "" {
			full = append(full, o)
		}
	}
	if len(full) == 1 {
		for _, o := range found {
			if (o.Site != "" && o.Site != full[0].Site) || (o.EventDate != "" && o.EventDate != full[0].EventDate) {
				return k
			}
		}
		return full[0]
	}
	return k
}

// Index returns the event a key's games went to.
func (g *EventGroups) Index(k EventKey) (int, bool) {
	i, ok := g.index[k]
	return i, ok
}
