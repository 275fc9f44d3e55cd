// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: goodput over time (ev_series.h). Pure: the caller passes
 * the clocks.
 */
#include <string.h>

#include "ev_series.h"

void ev_series_init(struct ev_series *s, uint32_t interval_ms)
{
	memset(s, 0, sizeof(*s));
	s->interval_ns = (uint64_t)interval_ms * 1000000;
}

/* The first post of the run: the series counts from here. */
void ev_series_start(struct ev_series *s, uint64_t now, double now_unix)
{
	if (s->t0)
		return;
	s->t0 = now;
	s->t0_unix = now_unix;
}

/* @bytes completed at @now; completions past the last interval are not kept. */
void ev_series_add(struct ev_series *s, uint64_t now, uint64_t bytes)
{
	uint64_t i;

	if (!s->interval_ns || !s->t0 || now < s->t0)
		return;
	i = (now - s->t0) / s->interval_ns;
	if (i >= EV_SERIES_MAX)
		return;
	s->bytes[i] += bytes;
	if (i + 1 > s->n)
		s->n = (uint32_t)i + 1;
}

/* Goodput of interval @i in MB/s (10^6 bytes). */
double ev_series_mbps(const struct ev_series *s, uint32_t i)
{
	if (!s->interval_ns || i >= s->n)
		return 0;
	return (double)s->bytes[i] * 1e3 / (double)s->interval_ns;
}
