package tournament

// FIDE Rating Regulations (B.02) tables used by the rating-based
// tie-breaks: 8.1.1 (fractional score p -> rating difference dp) and 8.1.2
// (rating difference -> expected score of the higher-rated player).

// dpTable[p] is dp for a score fraction of p/100 (8.1.1).
var dpTable = [101]int{
	-800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
	-366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
	-240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
	-149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
	-72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
	800,
}

// pdUpper[k] is the largest rating difference for which the higher-rated
// player's expected score is (50+k)/100 (8.1.2); above 735 it is 1.00.
var pdUpper = [50]int{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
	76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
	245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
}

// pdTable[d] is the higher-rated player's expected score in hundredths for
// a rating difference d (0..736; 736 and above give 100).
var pdTable = func() [737]int8 {
	var t [737]int8
	k := 0
	for d := range t {
		for k < len(pdUpper) && d > pdUpper[k] {
			k++
		}
		t[d] = int8(50 + k)
	}
	return t
}()

// expected returns the expected score, in hundredths, of a player rated r
// against an opponent rated o, with no 400-point cap.
func expected(r, o int) int {
	d := r - o
	neg := d < 0
	if neg {
		d = -d
	}
	pd := int(pdTable[min(d, len(pdTable)-1)])
	if neg {
		return 100 - pd
	}
	return pd
}

// roundHalfUp returns a/b rounded half up (b > 0).
func roundHalfUp(a, b int64) int64 {
	q := 2*a + b
	d := 2 * b
	if q >= 0 {
		return q / d
	}
	return -((-q + d - 1) / d)
}

// aro returns the average rating, rounded half up.
func aro(ratings []int) int64 {
	var s int64
	for _, r := range ratings {
		s += int64(r)
	}
	return roundHalfUp(s, int64(len(ratings)))
}

// tpr returns ARO + dp(p) with p = score/games rounded to hundredths; score
// is in hundredths of a point.
func tpr(score Points, ratings []int) int64 {
	p := roundHalfUp(int64(score), int64(len(ratings)))
	if p < 0 {
		p = 0
	}
	if p > 100 {
		p = 100
	}
	return aro(ratings) + int64(dpTable[p])
}

// ptp returns the perfect tournament performance: the lowest whole rating
// R whose expected score against the opponents reaches the score (table
// 8.1.2 without the 400-point cap); a zero score gives the lowest opponent
// minus 800.
func ptp(score Points, ratings []int) int64 {
	lo, hi := ratings[0], ratings[0]
	for _, r := range ratings {
		lo, hi = min(lo, r), max(hi, r)
	}
	if score <= 0 {
		return int64(lo - 800)
	}
	if int(score) > 100*len(ratings) {
		return int64(hi + 800)
	}
	sum := func(r int) int {
		s := 0
		for _, o := range ratings {
			s += expected(r, o)
		}
		return s
	}
	// The lowest R in [lo-800, hi+800] with sum(R) >= score; sum is
	// non-decreasing in R and reaches 100 per game at hi+736.
	a, b := lo-800, hi+800
	for a < b {
		m := a + (b-a)/2
		if sum(m) >= int(score) {
			b = m
		} else {
			a = m + 1
		}
	}
	return int64(a)
}
