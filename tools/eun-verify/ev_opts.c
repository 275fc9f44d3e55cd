// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: command line.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "ev_opts.h"

static const char ev_help[] =
"NAME\n"
"    eun-verify - RDMA verbs traffic that checks every byte and completion\n"
"\n"
"SYNOPSIS\n"
"    eun-verify -s [options]              server (responder, checker)\n"
"    eun-verify -c HOST [options]         client (requester, checker)\n"
"\n"
"DESCRIPTION\n"
"    The client posts messages on --qps connected QPs to the server, each\n"
"    filled from a PRNG keyed by (seed, QP, message number). The server\n"
"    recomputes and compares every byte it receives; the client does the\n"
"    same for RDMA READ data and atomic results. Both check that\n"
"    completions arrive in posted order, none missing or duplicated, all\n"
"    successful, and that message numbers carried in immediate data come\n"
"    in order. The first failure is reported (QP, message, offset,\n"
"    expected and seen byte) and the tool exits non-zero. The run\n"
"    configuration comes from the client; the server only listens.\n"
"\n"
"CONNECTION\n"
"    -s, --server          act as server\n"
"    -c, --client HOST     act as client of the server at HOST\n"
"    -p, --port N          rdma_cm or TCP port (default 18600)\n"
"    -B, --bind ADDR       server: listen on ADDR only\n"
"        --tcp             exchange QP addresses over a TCP socket and\n"
"                          connect the QPs by hand (default: rdma_cm)\n"
"    -d, --dev NAME        --tcp: RDMA device (default: the first)\n"
"    -g, --gid-index N     --tcp: GID index (default: first IPv4 GID)\n"
"        --ib-port N       --tcp: device port (default 1)\n"
"    -u, --ack-timeout N   RC ACK timeout, 4.096 us * 2^N, 1..31 (default\n"
"                          17: 0.5 s; slow emulated hosts want 20: 4.3 s)\n"
"        --retry N         RC retry count on ACK timeout, 0..7 (default 7)\n"
"        --rnr-retry N     RC RNR retry count, 0..7; 7 retries for ever\n"
"                          (default 7)\n"
"        --psn N           --tcp: first PSN this side sends, 0..16777215\n"
"                          (default: from the clock). Just below 2^24,\n"
"                          the PSNs wrap early in the run\n"
"\n"
"TRAFFIC (client)\n"
"    -o, --op LIST         comma-separated: send, write, write_imm, read,\n"
"                          cas, faa, awrite (ATOMIC WRITE); 'mix' for all\n"
"                          of them. Several\n"
"                          operations are mixed per message from the seed\n"
"                          (default: write)\n"
"    -S, --size SPEC       N: every message N bytes; N,N,...: cycle\n"
"                          through up to 8 sizes; rand[:MIN-MAX]: seeded\n"
"                          log-uniform sizes, odd ones included (rand is\n"
"                          1-1M). K and M suffixes. websearch:DIV:\n"
"                          seeded flow sizes of the web-search workload\n"
"                          of DCTCP (Alizadeh et al., SIGCOMM 2010), up\n"
"                          to 30000000 bytes, each divided by DIV and\n"
"                          rounded up. DIV must be 29 or more, to keep\n"
"                          them within 1M: plain websearch (DIV 1) is\n"
"                          refused. (default: 4096)\n"
"    -q, --qps N           concurrent QPs, 1..1024 (default 1)\n"
"    -D, --depth N         outstanding work requests per QP, 1..512\n"
"                          (default 16)\n"
"        --offered RATE    open loop: messages arrive on their own, a\n"
"                          Poisson process per QP (seeded), offering RATE\n"
"                          payload bytes a second over all QPs (K, M, G\n"
"                          suffixes); each is posted once its QP's depth\n"
"                          and credit allow, and its latency counts from\n"
"                          its arrival. Arrivals end with the run's bound;\n"
"                          those already in are still sent. (default:\n"
"                          closed loop, a QP posts as soon as its depth\n"
"                          allows)\n"
"        --uc              unreliable connected QPs (send, write,\n"
"                          write_imm only; needs --tcp): loss shows as\n"
"                          missing messages\n"
"\n"
"RUN LENGTH (client; the first bound reached ends the run)\n"
"    -n, --iters N         messages per QP\n"
"    -b, --bytes N         payload bytes over all QPs (K, M, G suffixes)\n"
"    -t, --seconds S       seconds of traffic, from the first post\n"
"                          (default, when none is given: --iters 1000)\n"
"        --stop-file PATH  end the run once PATH exists (looked for\n"
"                          every 100 ms): a script ends a transfer when\n"
"                          its own work beside it is done\n"
"\n"
"CHECKING\n"
"        --seed N          seed of sizes, operations and payload; printed\n"
"                          at start so a failure can be replayed (default:\n"
"                          from the clock)\n"
"        --pattern-seed N  payload seed on this side only. A value other\n"
"                          than the peer's makes every byte differ: used by\n"
"                          the negative selftest to prove the checker bites\n"
"    -T, --timeout S       bound on every wait: connection, each\n"
"                          completion, the final handshake (default 30)\n"
"        --write-poll      client, with -o write alone, RC: the server\n"
"                          spins on the last 8 bytes of every WRITE's\n"
"                          slot; once they hold the new message it checks\n"
"                          every byte before the last packet. One still\n"
"                          old is an early last byte: the run fails. A\n"
"                          slot is rewritten only after the server\n"
"                          checked it (credit). Reported as\n"
"                          polled_messages and early_last_bytes\n"
"        --allow-early     server: count early last bytes, do not fail\n"
"                          (a control run of a placement that allows them)\n"
"        --srq             post this side's receives to one shared receive\n"
"                          queue for all its QPs, of as many WQEs as their\n"
"                          own queues would hold (refused beyond the\n"
"                          device's max_srq_wr). The server's carry every\n"
"                          SEND and WRITE with immediate, the client's only\n"
"                          control messages. A message is checked in the\n"
"                          buffer its completion's wr_id names, in order\n"
"                          for the QP of its qp_num. Reported as srq,\n"
"                          srq_wqes and srq_receives\n"
"        --block           sleep on completion events when there is\n"
"                          nothing to do, not poll: the CPU this side\n"
"                          spends is its work, not its wait (the bench's\n"
"                          cost figure). Refused by the server with the\n"
"                          client's --write-poll\n"
"\n"
"OUTPUT\n"
"        --interval MS     client: also report goodput per MS ms from the\n"
"                          first post (1..60000; up to 1200 intervals),\n"
"                          to see a fault's cost and the recovery from it\n"
"    -j, --json            one JSON object on stdout instead of the table\n"
"    -v, --verbose         progress on stderr\n"
"    -h, --help            this text\n"
"\n"
"    The report gives per QP and in total: messages, bytes, elapsed time\n"
"    from CLOCK_MONOTONIC (first post to last completion), goodput in\n"
"    MB/s (10^6 bytes) and, on the client, completion latency p50, p99,\n"
"    max and mean in microseconds (post to completion). With -D 1 each\n"
"    QP has one message in flight, so a message's latency is its flow\n"
"    completion time (with -S websearch:DIV, a flow workload); with\n"
"    --offered it counts from the message's arrival (an open-loop flow\n"
"    workload at that load).\n"
"\n"
"EXIT STATUS\n"
"    0 all checks passed; 1 a check failed (data, order, count, status);\n"
"    2 bad command line or configuration; 3 a wait timed out;\n"
"    4 device, memory or connection set-up failed.\n"
"\n"
"EXAMPLES\n"
"    eun-verify -s\n"
"    eun-verify -c 10.0.0.1 -o mix -S rand:1-64K -q 4 -n 500 --seed 7\n"
"    eun-verify -c 10.0.0.1 -o write -S 65536 -b 8M --json\n"
"    eun-verify -c 10.0.0.1 -S websearch:100 -q 8 -D 1 -n 200 --json\n"
"    eun-verify -c 10.0.0.1 -S websearch:100 -q 8 -t 3 --offered 2000000\n"
"    eun-verify -s --srq\n"
"    eun-verify -c 10.0.0.1 -o send,write_imm -S rand:1-64K -q 8 -n 500\n";

void ev_usage(FILE *f)
{
	fputs(ev_help, f);
}

/* Unsigned with optional K/M/G suffix (powers of two). */
int ev_parse_u64(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	errno = 0;
	if (!s || !*s || *s == '-')
		return -1;
	v = strtoull(s, &end, 0);
	if (errno || end == s)
		return -1;
	switch (*end) {
	case 'k': case 'K':
		shift = 10;
		end++;
		break;
	case 'm': case 'M':
		shift = 20;
		end++;
		break;
	case 'g': case 'G':
		shift = 30;
		end++;
		break;
	}
	if (*end || (shift && v > (UINT64_MAX >> shift)))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

static int ev_parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0) || v > 1e6)
		return -1;
	*out = v;
	return 0;
}

enum {
	EV_OPT_TCP = 256,
	EV_OPT_IB_PORT,
	EV_OPT_UC,
	EV_OPT_SEED,
	EV_OPT_PATTERN_SEED,
	EV_OPT_WRITE_POLL,
	EV_OPT_ALLOW_EARLY,
	EV_OPT_RETRY,
	EV_OPT_RNR_RETRY,
	EV_OPT_PSN,
	EV_OPT_INTERVAL,
	EV_OPT_SRQ,
	EV_OPT_BLOCK,
	EV_OPT_OFFERED,
	EV_OPT_STOP_FILE,
};

static const struct option ev_long_opts[] = {
	{ "server",	  no_argument,	     NULL, 's' },
	{ "client",	  required_argument, NULL, 'c' },
	{ "port",	  required_argument, NULL, 'p' },
	{ "bind",	  required_argument, NULL, 'B' },
	{ "tcp",	  no_argument,	     NULL, EV_OPT_TCP },
	{ "dev",	  required_argument, NULL, 'd' },
	{ "gid-index",	  required_argument, NULL, 'g' },
	{ "ib-port",	  required_argument, NULL, EV_OPT_IB_PORT },
	{ "ack-timeout",  required_argument, NULL, 'u' },
	{ "retry",	  required_argument, NULL, EV_OPT_RETRY },
	{ "rnr-retry",	  required_argument, NULL, EV_OPT_RNR_RETRY },
	{ "psn",	  required_argument, NULL, EV_OPT_PSN },
	{ "interval",	  required_argument, NULL, EV_OPT_INTERVAL },
	{ "op",		  required_argument, NULL, 'o' },
	{ "size",	  required_argument, NULL, 'S' },
	{ "qps",	  required_argument, NULL, 'q' },
	{ "depth",	  required_argument, NULL, 'D' },
	{ "uc",		  no_argument,	     NULL, EV_OPT_UC },
	{ "iters",	  required_argument, NULL, 'n' },
	{ "bytes",	  required_argument, NULL, 'b' },
	{ "seconds",	  required_argument, NULL, 't' },
	{ "stop-file",	  required_argument, NULL, EV_OPT_STOP_FILE },
	{ "seed",	  required_argument, NULL, EV_OPT_SEED },
	{ "pattern-seed", required_argument, NULL, EV_OPT_PATTERN_SEED },
	{ "timeout",	  required_argument, NULL, 'T' },
	{ "write-poll",	  no_argument,	     NULL, EV_OPT_WRITE_POLL },
	{ "allow-early",  no_argument,	     NULL, EV_OPT_ALLOW_EARLY },
	{ "srq",	  no_argument,	     NULL, EV_OPT_SRQ },
	{ "block",	  no_argument,	     NULL, EV_OPT_BLOCK },
	{ "offered",	  required_argument, NULL, EV_OPT_OFFERED },
	{ "json",	  no_argument,	     NULL, 'j' },
	{ "verbose",	  no_argument,	     NULL, 'v' },
	{ "help",	  no_argument,	     NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static void ev_opts_defaults(struct ev_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->port = EV_DEFAULT_PORT;
	o->gid_index = -1;
	o->ib_port = 1;
	o->ack_timeout = EV_DEFAULT_ACK_TIMEOUT;
	o->retry_cnt = 7;
	o->rnr_retry = 7;
	o->psn = -1;
	o->timeout = EV_DEFAULT_TIMEOUT;
	o->cfg.ops = 1u << EV_OP_WRITE;
	o->cfg.qps = 1;
	o->cfg.depth = 16;
	o->cfg.size_mode = EV_SIZE_FIXED;
	o->cfg.nsizes = 1;
	o->cfg.sizes[0] = 4096;
}

/* A number option in [lo, hi]; 0 on success. */
static int ev_opt_range(const char *arg, uint64_t lo, uint64_t hi,
			uint64_t *out)
{
	return ev_parse_u64(arg, out) || *out < lo || *out > hi ? -1 : 0;
}

/* Return: 1 when handled, 0 when not a number option, -1 when bad. */
static int ev_opt_number(struct ev_opts *o, int c, const char *arg)
{
	uint64_t v;

	switch (c) {
	case 'p':
		if (ev_opt_range(arg, 1, 65535, &v))
			return -1;
		o->port = (uint16_t)v;
		return 1;
	case 'g':
		if (ev_opt_range(arg, 0, 65535, &v))
			return -1;
		o->gid_index = (int)v;
		return 1;
	case EV_OPT_IB_PORT:
		if (ev_opt_range(arg, 1, 255, &v))
			return -1;
		o->ib_port = (int)v;
		return 1;
	case 'u':
		if (ev_opt_range(arg, 1, 31, &v))
			return -1;
		o->ack_timeout = (int)v;
		return 1;
	case EV_OPT_RETRY:
	case EV_OPT_RNR_RETRY:
		if (ev_opt_range(arg, 0, 7, &v))
			return -1;
		*(c == EV_OPT_RETRY ? &o->retry_cnt : &o->rnr_retry) = (int)v;
		return 1;
	case EV_OPT_PSN:
		if (ev_opt_range(arg, 0, 0xffffff, &v))
			return -1;
		o->psn = (int32_t)v;
		return 1;
	case EV_OPT_INTERVAL:
		if (ev_opt_range(arg, 1, 60000, &v))
			return -1;
		o->interval_ms = (uint32_t)v;
		return 1;
	case 'q':
		if (ev_opt_range(arg, 1, EV_MAX_QPS, &v))
			return -1;
		o->cfg.qps = (uint32_t)v;
		return 1;
	case 'D':
		if (ev_opt_range(arg, 1, EV_MAX_DEPTH, &v))
			return -1;
		o->cfg.depth = (uint32_t)v;
		return 1;
	case 'n':
		return ev_opt_range(arg, 1, UINT64_MAX, &o->iters) ? -1 : 1;
	case 'b':
		return ev_opt_range(arg, 1, UINT64_MAX, &o->bytes) ? -1 : 1;
	case EV_OPT_SEED:
		o->seed_set = 1;
		return ev_parse_u64(arg, &o->cfg.seed) ? -1 : 1;
	case EV_OPT_PATTERN_SEED:
		o->pattern_seed_set = 1;
		return ev_parse_u64(arg, &o->pattern_seed) ? -1 : 1;
	case EV_OPT_OFFERED:
		return ev_opt_range(arg, 1, UINT64_MAX, &o->offered) ? -1 : 1;
	case 't':
		return ev_parse_seconds(arg, &o->seconds) ? -1 : 1;
	case 'T':
		return ev_parse_seconds(arg, &o->timeout) ? -1 : 1;
	}
	return 0;
}

static int ev_opt_other(struct ev_opts *o, int c, const char *arg,
			char *err, size_t errlen)
{
	switch (c) {
	case 's':
		o->role = EV_ROLE_SERVER;
		return 0;
	case 'c':
		o->role = EV_ROLE_CLIENT;
		o->host = arg;
		return 0;
	case 'B':
		o->bind = arg;
		return 0;
	case EV_OPT_TCP:
		o->tcp = 1;
		return 0;
	case 'd':
		o->dev = arg;
		return 0;
	case 'o':
		if (!ev_op_parse(arg, &o->cfg.ops))
			return 0;
		snprintf(err, errlen,
			 "bad --op '%s': want send, write, write_imm, read, cas, faa, awrite or mix",
			 arg);
		return -1;
	case 'S':
		return ev_size_parse(arg, &o->cfg, err, errlen);
	case EV_OPT_UC:
		o->cfg.uc = 1;
		return 0;
	case EV_OPT_WRITE_POLL:
		o->cfg.write_poll = 1;
		return 0;
	case EV_OPT_ALLOW_EARLY:
		o->allow_early = 1;
		return 0;
	case EV_OPT_SRQ:
		o->srq = 1;
		return 0;
	case EV_OPT_BLOCK:
		o->block = 1;
		return 0;
	case EV_OPT_STOP_FILE:
		if (*arg) {
			o->stop_file = arg;
			return 0;
		}
		snprintf(err, errlen, "--stop-file wants a path");
		return -1;
	case 'j':
		o->json = 1;
		return 0;
	case 'v':
		o->verbose = 1;
		return 0;
	}
	snprintf(err, errlen, "unknown option (see --help)");
	return -1;
}

static int ev_opts_finish(struct ev_opts *o, char *err, size_t errlen)
{
	if (o->role == EV_ROLE_NONE) {
		snprintf(err, errlen, "give -s (server) or -c HOST (client)");
		return -1;
	}
	/* rdma_cm ids of the TCP port space connect RC QPs only. */
	if (o->cfg.uc && !o->tcp) {
		snprintf(err, errlen, "--uc needs --tcp (rdma_cm connects RC QPs)");
		return -1;
	}
	if (o->interval_ms && o->role != EV_ROLE_CLIENT) {
		snprintf(err, errlen, "--interval is the client's (it times completions)");
		return -1;
	}
	if (o->stop_file && o->role != EV_ROLE_CLIENT) {
		snprintf(err, errlen, "--stop-file is the client's (it ends the run)");
		return -1;
	}
	if (o->offered && o->role != EV_ROLE_CLIENT) {
		snprintf(err, errlen, "--offered is the client's (it posts the messages)");
		return -1;
	}
	/* rdma_cm picks the PSNs of the QPs it connects. */
	if (o->psn >= 0 && !o->tcp) {
		snprintf(err, errlen, "--psn needs --tcp (rdma_cm picks the PSN)");
		return -1;
	}
	if (o->cfg.uc && o->cfg.ops == EV_OPS_ALL)
		o->cfg.ops = EV_OPS_UC;	/* "mix" on UC: what UC can do */
	if (ev_config_check(&o->cfg, err, errlen))
		return -1;
	/* A stop file that never comes is no bound. */
	if (!o->iters && !o->bytes && !o->seconds)
		o->iters = EV_DEFAULT_ITERS;
	return 0;
}

/**
 * ev_opts_parse() - parse the command line
 *
 * Return: 0; 1 when --help was asked (printed already); -1 with @err set.
 */
int ev_opts_parse(struct ev_opts *o, int argc, char **argv, char *err,
		  size_t errlen)
{
	int c, r, li;

	ev_opts_defaults(o);
	optind = 1;
	opterr = 0;
	for (;;) {
		li = -1;
		c = getopt_long(argc, argv, ":sc:p:B:d:g:u:o:S:q:D:n:b:t:T:jvh",
				ev_long_opts, &li);
		if (c == -1)
			break;
		if (c == 'h') {
			ev_usage(stdout);
			return 1;
		}
		if (c == '?' || c == ':') {
			snprintf(err, errlen, "%s option '%s' (see --help)",
				 c == ':' ? "missing argument to" : "unknown",
				 argv[optind - 1]);
			return -1;
		}
		r = ev_opt_number(o, c, optarg);
		if (r < 0) {
			if (li >= 0)
				snprintf(err, errlen, "bad value '%s' for --%s",
					 optarg, ev_long_opts[li].name);
			else
				snprintf(err, errlen, "bad value '%s' for -%c",
					 optarg, c);
			return -1;
		}
		if (!r && ev_opt_other(o, c, optarg, err, errlen))
			return -1;
	}
	if (optind < argc) {
		snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
		return -1;
	}
	return ev_opts_finish(o, err, errlen);
}
