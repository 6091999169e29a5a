package tournament

import (
	"fmt"
	"slices"
	"strings"
)

// A ranking order given by a person (a command-line flag, a form), read
// strictly: ParseTieBreak accepts whatever a TRF record may hold and lets
// the T checks report the rest, but an order typed for a run must fail
// before the run when it names a tie-break or a modifier that does not
// exist or does not apply, so that the standings never silently follow
// another order than the one announced.

// orderCodes are the tie-breaks a ranking order may name, in the order
// an error lists them, with the modifiers each takes: C (/Cn), M (/Mn),
// L (/Ln, /L±n), K (/Kx.y), P, F, R and U (/Unnnn). COP and CSQ are
// pairing helpers, not ranking criteria.
var orderCodes = []struct {
	name, mods string
}{
	{"PTS", ""},
	{"BH", "CMPFR"}, {"FB", "CMPR"}, {"SB", "CMPFR"}, {"ESB", "CMPR"}, {"AOB", "CMPFR"},
	{"ABH", "R"}, {"AFB", "R"},
	{"DE", "PR"},
	{"WIN", "R"}, {"WON", "R"}, {"BPG", "R"}, {"BWG", "R"}, {"REP", "R"}, {"VUR", "R"}, {"NUM", "R"}, {"STD", "R"},
	{"PS", "CR"},
	{"KS", "LKR"},
	{"ARO", "CMUR"}, {"TPR", "CMUR"}, {"PTP", "CMUR"}, {"APRO", "CMUR"}, {"APPO", "CMUR"},
	{"RTNG", "UR"}, {"TPN", "R"},
}

// modifierForms spells each modifier letter for the messages.
var modifierForms = map[byte]string{
	'C': "/Cn (cut the n least significant values)",
	'M': "/Mn (median: cut the n least and n most significant)",
	'L': "/Ln (limit, percent of the maximum score) or /L±n (half points)",
	'K': "/Kx.y (limit offset in points)",
	'P': "/P (forfeits count as played)",
	'F': "/F (Fore Buchholz values)",
	'R': "/R (reverse the sorting)",
	'U': "/Unnnn (rating given to unrated players)",
}

// OrderError is a ranking order that cannot be used: Code is the entry as
// given; Modifier the modifier at fault ("" when the tie-break itself is
// unknown). Its message names it and lists what is valid.
type OrderError struct {
	Code     string
	Modifier string
	Reason   string
}

// Error writes the entry, why it is refused and the valid choices.
func (e *OrderError) Error() string {
	return fmt.Sprintf("tie-break %q: %s", e.Code, e.Reason)
}

// Unwrap makes errors.Is(err, ErrTieBreak) hold.
func (e *OrderError) Unwrap() error { return ErrTieBreak }

// SplitOrder splits a written ranking order ("PTS,BH/C1,SB" or with
// spaces or semicolons) into its entries.
func SplitOrder(s string) []string { return splitCodes(s) }

// ParseOrder reads a ranking order given by a person: C.07 codes with their
// modifiers, as the players table names them ("BH/C1", "SB", "WIN", "DE",
// "ARO/C1", "KS/L60"), with or without a leading PTS. Unlike
// ParseTieBreak it refuses a modifier the tie-break does not take ("WIN/C1")
// and the pairing helpers COP and CSQ. The error is an *OrderError.
func ParseOrder(codes []string) ([]TieBreak, error) {
	if len(codes) == 0 {
		return nil, &OrderError{Reason: "empty order; valid tie-breaks: " + ValidOrderCodes()}
	}
	out := make([]TieBreak, 0, len(codes))
	for _, c := range codes {
		tb, err := parseOrderCode(c)
		if err != nil {
			return nil, err
		}
		out = append(out, tb)
	}
	return out, nil
}

func parseOrderCode(code string) (TieBreak, error) {
	up := strings.ToUpper(strings.TrimSpace(code))
	parts := strings.Split(up, "/")
	name, _, _ := strings.Cut(parts[0], ":")
	if a, ok := tieBreakAliases[name]; ok {
		name = a
	}
	k := slices.IndexFunc(orderCodes, func(o struct{ name, mods string }) bool { return o.name == name })
	if k < 0 {
		return TieBreak{}, &OrderError{Code: code, Reason: "unknown tie-break; valid tie-breaks: " + ValidOrderCodes()}
	}
	mods := orderCodes[k].mods
	for _, m := range parts[1:] {
		if m == "" {
			return TieBreak{}, &OrderError{Code: code, Modifier: "/", Reason: "empty modifier; " + takes(name, mods)}
		}
		if _, known := modifierForms[m[0]]; !known {
			return TieBreak{}, &OrderError{Code: code, Modifier: "/" + m, Reason: fmt.Sprintf("unknown modifier /%s; %s", m, takes(name, mods))}
		}
		if !strings.Contains(mods, m[:1]) {
			return TieBreak{}, &OrderError{Code: code, Modifier: "/" + m, Reason: fmt.Sprintf("modifier /%s does not apply to %s; %s", m, name, takes(name, mods))}
		}
	}
	tb, err := ParseTieBreak(code)
	if err != nil {
		mod := ""
		if len(parts) > 1 {
			mod = "/" + strings.Join(parts[1:], "/")
		}
		return TieBreak{}, &OrderError{Code: code, Modifier: mod, Reason: "unreadable modifier value; " + takes(name, mods)}
	}
	return tb, nil
}

// takes says which modifiers a tie-break takes.
func takes(name, mods string) string {
	if mods == "" {
		return name + " takes no modifier"
	}
	forms := make([]string, len(mods))
	for i := range len(mods) {
		forms[i] = modifierForms[mods[i]]
	}
	return name + " takes " + strings.Join(forms, ", ")
}

// ValidOrderCodes lists the tie-breaks a ranking order may name, with the
// modifiers of each: "PTS, BH[/Cn|/Mn][/P][/F][/R], ...".
func ValidOrderCodes() string {
	var b strings.Builder
	for i, o := range orderCodes {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(o.name)
		if strings.ContainsAny(o.mods, "CM") {
			var alt []string
			for _, m := range []string{"Cn", "Mn"} {
				if strings.Contains(o.mods, m[:1]) {
					alt = append(alt, "/"+m)
				}
			}
			b.WriteString("[" + strings.Join(alt, "|") + "]")
		}
		for _, m := range o.mods {
			switch m {
			case 'L':
				b.WriteString("[/Ln|/L±n]")
			case 'K':
				b.WriteString("[/Kx.y]")
			case 'P', 'F':
				b.WriteString("[/" + string(m) + "]")
			case 'U':
				b.WriteString("[/Unnnn]")
			}
		}
		if strings.Contains(o.mods, "R") {
			b.WriteString("[/R]")
		}
	}
	return b.String()
}
