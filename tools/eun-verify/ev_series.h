/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: goodput over time, in fixed intervals from the run's first
 * post, so that a fault's cost and the time to recover from it can be
 * read off one run.
 */
#ifndef EV_SERIES_H
#define EV_SERIES_H

#include <stdint.h>

#define EV_SERIES_MAX	1200	/* intervals kept; later completions are not */

/**
 * struct ev_series - bytes completed per interval
 * @interval_ns: interval length, 0 when no series is kept
 * @t0: CLOCK_MONOTONIC ns of the run's first post, 0 before it
 * @t0_unix: CLOCK_REALTIME seconds of the same instant, for scripts that
 *	time a fault with the guest's wall clock
 * @n: intervals with a completion in them or before the last one
 * @bytes: payload bytes completed in each interval
 */
struct ev_series {
	uint64_t interval_ns;
	uint64_t t0;
	double t0_unix;
	uint32_t n;
	uint64_t bytes[EV_SERIES_MAX];
};

void ev_series_init(struct ev_series *s, uint32_t interval_ms);
void ev_series_start(struct ev_series *s, uint64_t now, double now_unix);
void ev_series_add(struct ev_series *s, uint64_t now, uint64_t bytes);
double ev_series_mbps(const struct ev_series *s, uint32_t i);

#endif /* EV_SERIES_H */
