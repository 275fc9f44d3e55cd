/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: command line. Pure code, no verbs types.
 */
#ifndef EV_OPTS_H
#define EV_OPTS_H

#include <stdint.h>
#include <stdio.h>

#include "ev_plan.h"

/* Exit status: documented in --help and Documentation/eun-verify.rst. */
enum ev_exit {
	EV_EXIT_OK = 0,
	EV_EXIT_VERIFY = 1,	/* data, order, count or status check failed */
	EV_EXIT_USAGE = 2,	/* bad command line or peer configuration */
	EV_EXIT_TIMEOUT = 3,	/* a bounded wait ran out */
	EV_EXIT_SETUP = 4,	/* device, memory or connection set-up failed */
};

enum ev_role {
	EV_ROLE_NONE,
	EV_ROLE_SERVER,
	EV_ROLE_CLIENT,
};

#define EV_DEFAULT_PORT		18600
#define EV_DEFAULT_TIMEOUT	30
#define EV_DEFAULT_ITERS	1000
#define EV_DEFAULT_ACK_TIMEOUT	17	/* 4.096 us << 17: 0.5 s, rdma_cm's RoCE pick */

/**
 * struct ev_opts - parsed command line
 * @role: server or client
 * @host: server address (client)
 * @bind: local address to listen on (server), NULL for any
 * @port: rdma_cm or TCP port
 * @tcp: exchange QP addresses over TCP and connect QPs by hand
 * @dev: RDMA device name (TCP exchange), NULL for the first one
 * @gid_index: GID index (TCP exchange), -1 to find an IPv4 one
 * @ib_port: device port number
 * @ack_timeout: RC ACK timeout exponent, 4.096 us << N
 * @retry_cnt: RC retries on ACK timeout, 0..7
 * @rnr_retry: RC retries on RNR NAK, 0..7 (7: for ever)
 * @psn: first send PSN of every QP (TCP exchange), -1 for one from the clock
 * @interval_ms: client: goodput series interval, 0 for none
 * @cfg: the run configuration (client; the server learns it)
 * @seed_set: --seed was given
 * @pattern_seed: payload pattern seed, normally @cfg.seed
 * @pattern_seed_set: --pattern-seed was given
 * @iters: messages per QP, 0 when not bounded by count
 * @bytes: payload bytes over all QPs, 0 when not bounded by bytes
 * @seconds: run length, 0 when not bounded by time
 * @stop_file: client: the run ends once this path exists, NULL for no
 *	such bound
 * @offered: client: open-loop payload bytes a second over all QPs, 0 for
 *	closed loop (see ev_arrival.h)
 * @timeout: seconds any single wait may last
 * @allow_early: server, write_poll: count early last bytes, do not fail
 * @srq: this side's receives go to one SRQ shared by its QPs
 * @block: sleep on completion events when idle, instead of polling
 * @json: print the report as JSON
 * @verbose: progress messages on stderr
 */
struct ev_opts {
	enum ev_role role;
	const char *host;
	const char *bind;
	uint16_t port;
	int tcp;
	const char *dev;
	int gid_index;
	int ib_port;
	int ack_timeout;
	int retry_cnt;
	int rnr_retry;
	int32_t psn;
	uint32_t interval_ms;
	struct ev_config cfg;
	int seed_set;
	uint64_t pattern_seed;
	int pattern_seed_set;
	uint64_t iters;
	uint64_t bytes;
	double seconds;
	const char *stop_file;
	uint64_t offered;
	double timeout;
	int allow_early;
	int srq;
	int block;
	int json;
	int verbose;
};

int ev_opts_parse(struct ev_opts *o, int argc, char **argv, char *err,
		  size_t errlen);
void ev_usage(FILE *f);
int ev_parse_u64(const char *s, uint64_t *out);

#endif /* EV_OPTS_H */
