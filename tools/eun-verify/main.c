// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: RDMA verbs traffic that checks every byte, every completion,
 * and times itself. See --help and Documentation/eun-verify.rst.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ev_client.h"
#include "ev_conn.h"
#include "ev_dev.h"
#include "ev_log.h"
#include "ev_server.h"
#include "ev_wait.h"

static void ev_ctx_init(struct ev_ctx *c, struct ev_opts *o)
{
	memset(c, 0, sizeof(*c));
	c->o = o;
	c->lsock = -1;
	c->sock = -1;
	if (o->role == EV_ROLE_CLIENT && !o->seed_set)
		o->cfg.seed = ev_mix64(ev_now_ns() ^ ((uint64_t)getpid() << 32));
	c->pattern_seed = o->pattern_seed_set ? o->pattern_seed : o->cfg.seed;
	ev_series_init(&c->series, o->interval_ms);
}

static void ev_teardown(struct ev_ctx *c)
{
	uint32_t i;

	for (i = 0; i < c->nqps; i++)
		ev_qp_destroy(&c->qps[i]);
	ev_srq_destroy(c);	/* no QP on it now */
	ev_wait_destroy(c);	/* nor a CQ */
	free(c->qps);
	if (c->pd)
		ibv_dealloc_pd(c->pd);
	if (c->listen_id)
		rdma_destroy_id(c->listen_id);
	if (c->ec)
		rdma_destroy_event_channel(c->ec);
	if (c->own_verbs && c->verbs)
		ibv_close_device(c->verbs);
	if (c->sock >= 0)
		close(c->sock);
	if (c->lsock >= 0)
		close(c->lsock);
}

static void ev_banner(const struct ev_ctx *c)
{
	const struct ev_opts *o = c->o;
	char ops[128], sizes[128];

	ev_config_describe(&o->cfg, ops, sizeof(ops), sizes, sizeof(sizes));
	fprintf(stderr,
		"eun-verify: client: seed %llu (replay with --seed %llu), pattern seed %llu, ops %s, size %s, %u %s QP(s), depth %u%s\n",
		(unsigned long long)o->cfg.seed,
		(unsigned long long)o->cfg.seed,
		(unsigned long long)c->pattern_seed, ops, sizes, o->cfg.qps,
		o->cfg.uc ? "UC" : "RC", o->cfg.depth,
		o->cfg.write_poll ? ", write_poll" : "");
}

int main(int argc, char **argv)
{
	struct ev_stats *stats = NULL;
	struct ev_report rep;
	struct ev_opts o;
	struct ev_ctx c;
	char err[256];
	uint32_t i;
	int r, server;

	r = ev_opts_parse(&o, argc, argv, err, sizeof(err));
	if (r > 0)
		return EV_EXIT_OK;
	if (r < 0) {
		fprintf(stderr, "eun-verify: %s\n", err);
		return EV_EXIT_USAGE;
	}
	server = o.role == EV_ROLE_SERVER;
	ev_ctx_init(&c, &o);
	if (!server)
		ev_banner(&c);
	if (server ? ev_server_connect(&c) : ev_client_connect(&c))
		goto report;
	ev_info(&c, "%u QP(s) connected", c.nqps);
	if (server ? ev_server_run(&c) : ev_client_run(&c))
		goto report;
	ev_disconnect(&c, server);
report:
	if (c.nqps)
		stats = calloc(c.nqps, sizeof(*stats));
	for (i = 0; stats && i < c.nqps; i++)
		stats[i] = c.qps[i].st;
	memset(&rep, 0, sizeof(rep));
	rep.opts = &o;
	rep.pattern_seed = c.pattern_seed;
	rep.nqps = stats ? c.nqps : 0;
	rep.qp = stats;
	rep.exit_code = c.exit_code;
	rep.error = c.error;
	rep.series = &c.series;
	rep.srq_wqes = c.srq.nwqe;
	ev_report_print(stdout, &rep);
	free(stats);
	ev_teardown(&c);
	return c.exit_code;
}
