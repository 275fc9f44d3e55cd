/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: run statistics and the report. No verbs types.
 */
#ifndef EV_REPORT_H
#define EV_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "ev_opts.h"
#include "ev_series.h"
#include "ev_track.h"

/**
 * struct ev_stats - one QP's account of a run
 * @msgs: data messages completed (client) or finished (server)
 * @bytes: their payload bytes
 * @checked_msgs: messages whose bytes or values this side compared
 * @checked_bytes: bytes this side compared
 * @polled: write_poll, server: messages whose last bytes the poll saw
 *	before the client reported them complete
 * @early_last: write_poll, server: of those, seen with an earlier byte
 *	still old
 * @srq_recvs: --srq: receive completions taken off the shared queue
 * @t_first: CLOCK_MONOTONIC ns of the first post (client) / arrival (server)
 * @t_last: CLOCK_MONOTONIC ns of the last completion / the end of run
 * @lat: post-to-completion latency in ns (client); its exact sum gives
 *	the mean
 */
struct ev_stats {
	uint64_t msgs;
	uint64_t bytes;
	uint64_t checked_msgs;
	uint64_t checked_bytes;
	uint64_t polled;
	uint64_t early_last;
	uint64_t srq_recvs;
	uint64_t t_first;
	uint64_t t_last;
	struct ev_hist lat;
};

/**
 * struct ev_report - what the report prints
 * @opts: command line, with the configuration in force
 * @pattern_seed: payload seed used on this side
 * @nqps: entries in @qp
 * @qp: per-QP statistics
 * @exit_code: enum ev_exit
 * @error: first failure, empty when none
 * @series: goodput over time (client, --interval), NULL or empty for none
 * @srq_wqes: --srq: receives the shared queue holds, 0 before it is made
 */
struct ev_report {
	const struct ev_opts *opts;
	uint64_t pattern_seed;
	uint32_t nqps;
	const struct ev_stats *qp;
	int exit_code;
	const char *error;
	const struct ev_series *series;
	uint32_t srq_wqes;
};

void ev_stats_total(const struct ev_stats *qp, uint32_t n,
		    struct ev_stats *total);
double ev_stats_seconds(const struct ev_stats *s);
double ev_stats_mbps(const struct ev_stats *s);
double ev_stats_lat_mean_us(const struct ev_stats *s);
void ev_report_print(FILE *f, const struct ev_report *r);
void ev_config_describe(const struct ev_config *cfg, char *buf, size_t len,
			char *sizes, size_t slen);

#endif /* EV_REPORT_H */
