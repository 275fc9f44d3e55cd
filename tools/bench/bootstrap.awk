# SPDX-License-Identifier: GPL-2.0
#
# Bootstrap intervals of a median and of a ratio of two medians, and the
# verdict of a goal on a ratio, for the awk programs of the bench
# (summarize.sh, goals.sh), loaded before the program by bench_awk
# (tools/bench/lib.sh) with BOOT_N (resamples) and BOOT_SEED set.
#
# A sample is a space-separated list of the finished repetitions' figures
# of one (column, profile, op, size). boot_interval(A, B) resamples A and
# B independently, each with replacement and as many draws as it has
# figures, BOOT_N times, takes the ratio of the two resampled medians
# (the median alone without B) and leaves the 5th and 95th percentiles of
# those ratios in BOOT_LO and BOOT_HI: of the sorted ratios r[1..BOOT_N],
# r[BOOT_N/20 + 1] and r[BOOT_N - BOOT_N/20], as many ratios below the
# one as above the other (r[101] and r[1900] of 2000).
#
# The draws come from Park and Miller's generator (x = 16807 x mod
# 2^31 - 1), exact in awk's doubles, so every awk gives the same
# sequence; each interval starts again from BOOT_SEED and resamples the
# figures sorted, so an interval depends on its two samples and the seed
# alone, not on the order of the rows or on what else the run had.

# The fewest repetitions an interval is trusted with; below, a goal is
# judged on its point, and only when it is BOOT_FAR times beyond the target.
function boot_min_n() { return 3 }
function boot_far() { return 2 }

function boot_srand(seed)
{
	BOOT_X = int(seed) % 2147483647
	if (BOOT_X < 1)
		BOOT_X = 1
}

# boot_rand(): the next draw, in (0, 1).
function boot_rand()
{
	BOOT_X = (BOOT_X * 16807) % 2147483647
	return BOOT_X / 2147483647
}

# boot_isort(V, N): V[1..N] in ascending order (N small).
function boot_isort(v, n,   i, j, t)
{
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
}

# boot_hsort(V, N): V[1..N] in ascending order (heap sort: the resamples).
function boot_sift(v, root, end,   child, t)
{
	while ((child = 2 * root) <= end) {
		if (child < end && v[child] < v[child + 1])
			child++
		if (v[root] >= v[child])
			return
		t = v[root]; v[root] = v[child]; v[child] = t
		root = child
	}
}

function boot_hsort(v, n,   i, t)
{
	for (i = int(n / 2); i >= 1; i--)
		boot_sift(v, i, n)
	for (i = n; i > 1; i--) {
		t = v[1]; v[1] = v[i]; v[i] = t
		boot_sift(v, 1, i - 1)
	}
}

# boot_sample(LIST, V): the figures of LIST in V[1..n], sorted; n.
function boot_sample(list, v,   n, i)
{
	n = split(list, v, " ")
	for (i = 1; i <= n; i++)
		v[i] += 0
	boot_isort(v, n)
	return n
}

# boot_median(V, N): the median of V[1..N], sorted.
function boot_median(v, n)
{
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}

# boot_draw(V, N): the median of N draws from V[1..N] with replacement.
function boot_draw(v, n,   i, d)
{
	for (i = 1; i <= n; i++)
		d[i] = v[int(boot_rand() * n) + 1]
	boot_isort(d, n)
	return boot_median(d, n)
}

# boot_interval(A, B): the 90% interval of median(A) / median(B), or of
# median(A) when B is "", in BOOT_LO and BOOT_HI; 0 when a sample is
# empty or a resampled median of B is not above 0.
function boot_interval(a, b,   va, vb, na, nb, i, ma, mb, r, cut)
{
	na = boot_sample(a, va)
	nb = (b == "" ? 0 : boot_sample(b, vb))
	if (na == 0 || (b != "" && nb == 0) || BOOT_N < 1)
		return 0
	boot_srand(BOOT_SEED)
	for (i = 1; i <= BOOT_N; i++) {
		ma = boot_draw(va, na)
		mb = (b == "" ? 1 : boot_draw(vb, nb))
		if (mb <= 0)
			return 0
		r[i] = ma / mb
	}
	boot_hsort(r, BOOT_N)
	cut = int(BOOT_N / 20)
	BOOT_LO = r[cut + 1]
	BOOT_HI = r[BOOT_N - cut]
	return 1
}

# boot_verdict(POINT, LO, HI, N, TARGET, ATMOST): "met", "missed" or
# "undecided" for a goal POINT >= TARGET (ATMOST: POINT <= TARGET), N the
# fewer finished repetitions of its two columns. From boot_min_n()
# repetitions on, the interval decides: met when all of it meets the
# target (LO >= TARGET; HI <= TARGET), missed when none of it does
# (HI < TARGET; LO > TARGET), else undecided. With fewer, the point
# decides, and only from afar: met when POINT >= 2 TARGET (POINT <=
# TARGET / 2), missed when POINT < TARGET / 2 (POINT > 2 TARGET).
function boot_verdict(p, lo, hi, n, target, atmost,   f)
{
	f = boot_far()
	if (n < boot_min_n()) {
		if (!atmost)
			return p >= f * target ? "met" : p * f < target ? "missed" : "undecided"
		return p * f <= target ? "met" : p > f * target ? "missed" : "undecided"
	}
	if (!atmost)
		return lo >= target ? "met" : hi < target ? "missed" : "undecided"
	return hi <= target ? "met" : lo > target ? "missed" : "undecided"
}

# boot_count(KA, RA, KB, RB): "n=KA/RA", finished of run repetitions,
# with ", KB/RB" (the base's) when they differ.
function boot_count(ka, ra, kb, rb)
{
	return "n=" ka "/" ra ((kb "/" rb) == (ka "/" ra) || kb == "" ? "" : ", " kb "/" rb)
}

# boot_cell(POINT, LO, HI, HAS, N, COUNT): "0.97x [0.91, 1.04] (n=3/3)",
# or without an interval (HAS 0, or N, the fewer finished, is 1)
# "1.09x (n=1/1, no interval)".
function boot_cell(p, lo, hi, has, n, count)
{
	if (!has || n < 2)
		return sprintf("%.2fx (%s, no interval)", p, count)
	return sprintf("%.2fx [%.2f, %.2f] (%s)", p, lo, hi, count)
}
