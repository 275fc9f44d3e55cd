// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: run statistics and the report.
 */
#include <string.h>

#include "ev_report.h"

void ev_stats_total(const struct ev_stats *qp, uint32_t n,
		    struct ev_stats *total)
{
	uint32_t i;

	memset(total, 0, sizeof(*total));
	for (i = 0; i < n; i++) {
		const struct ev_stats *s = &qp[i];

		total->msgs += s->msgs;
		total->bytes += s->bytes;
		total->checked_msgs += s->checked_msgs;
		total->checked_bytes += s->checked_bytes;
		total->polled += s->polled;
		total->early_last += s->early_last;
		total->srq_recvs += s->srq_recvs;
		if (s->t_first && (!total->t_first || s->t_first < total->t_first))
			total->t_first = s->t_first;
		if (s->t_last > total->t_last)
			total->t_last = s->t_last;
		ev_hist_merge(&total->lat, &s->lat);
	}
}

double ev_stats_seconds(const struct ev_stats *s)
{
	if (!s->t_first || s->t_last <= s->t_first)
		return 0;
	return (double)(s->t_last - s->t_first) / 1e9;
}

/* Mean post-to-completion latency in microseconds, 0 on the server. */
double ev_stats_lat_mean_us(const struct ev_stats *s)
{
	return ev_hist_mean(&s->lat) / 1e3;
}

/* Goodput in 10^6 bytes per second of payload that completed. */
double ev_stats_mbps(const struct ev_stats *s)
{
	double sec = ev_stats_seconds(s);

	return sec > 0 ? (double)s->bytes / sec / 1e6 : 0;
}

void ev_config_describe(const struct ev_config *cfg, char *ops, size_t len,
			char *sizes, size_t slen)
{
	size_t o = 0;
	uint32_t i;

	ops[0] = 0;
	for (i = 0; i < EV_OP_COUNT; i++)
		if (cfg->ops & (1u << i))
			o += snprintf(ops + o, o < len ? len - o : 0, "%s%s",
				      o ? "," : "", ev_op_name(i));
	if (cfg->size_mode == EV_SIZE_RAND) {
		snprintf(sizes, slen, "rand:%u-%u", cfg->sizes[0],
			 cfg->sizes[1]);
		return;
	}
	if (cfg->size_mode == EV_SIZE_WEBSEARCH) {
		snprintf(sizes, slen, "websearch:%u", cfg->sizes[0]);
		return;
	}
	o = 0;
	sizes[0] = 0;
	for (i = 0; i < cfg->nsizes; i++)
		o += snprintf(sizes + o, o < slen ? slen - o : 0, "%s%u",
			      i ? "," : "", cfg->sizes[i]);
}

static void ev_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

/*
 * lat_mean_us comes after the fields scripts already read, so none of
 * them moves.
 */
static void ev_json_stats(FILE *f, const struct ev_stats *s)
{
	fprintf(f,
		"{\"messages\":%llu,\"bytes\":%llu,\"checked_messages\":%llu,"
		"\"checked_bytes\":%llu,\"elapsed_s\":%.6f,\"goodput_MBps\":%.3f,"
		"\"lat_p50_us\":%.1f,\"lat_p99_us\":%.1f,\"lat_max_us\":%.1f,"
		"\"polled_messages\":%llu,\"early_last_bytes\":%llu,"
		"\"lat_mean_us\":%.1f}",
		(unsigned long long)s->msgs, (unsigned long long)s->bytes,
		(unsigned long long)s->checked_msgs,
		(unsigned long long)s->checked_bytes, ev_stats_seconds(s),
		ev_stats_mbps(s), ev_hist_pct(&s->lat, 50) / 1e3,
		ev_hist_pct(&s->lat, 99) / 1e3, s->lat.max / 1e3,
		(unsigned long long)s->polled,
		(unsigned long long)s->early_last, ev_stats_lat_mean_us(s));
}

static const char *ev_result_name(int code)
{
	switch (code) {
	case EV_EXIT_OK:
		return "pass";
	case EV_EXIT_VERIFY:
		return "fail";
	case EV_EXIT_TIMEOUT:
		return "timeout";
	case EV_EXIT_USAGE:
		return "usage";
	default:
		return "error";
	}
}

/* Top level, before "per_qp": scripts read the top level up to there. */
static void ev_json_series(FILE *f, const struct ev_series *s)
{
	uint32_t i;

	if (!s || !s->interval_ns)
		return;
	fprintf(f, ",\"interval_ms\":%llu,\"t0_unix\":%.6f,\"series_MBps\":[",
		(unsigned long long)(s->interval_ns / 1000000), s->t0_unix);
	for (i = 0; i < s->n; i++)
		fprintf(f, "%s%.3f", i ? "," : "", ev_series_mbps(s, i));
	fprintf(f, "]");
}

static void ev_report_json(FILE *f, const struct ev_report *r,
			   const struct ev_stats *total)
{
	const struct ev_opts *o = r->opts;
	char ops[128], sizes[128];
	uint32_t i;

	ev_config_describe(&o->cfg, ops, sizeof(ops), sizes, sizeof(sizes));
	fprintf(f, "{\"tool\":\"eun-verify\",\"role\":\"%s\",\"result\":\"%s\","
		"\"exit\":%d,\"seed\":%llu,\"pattern_seed\":%llu,\"ops\":\"%s\","
		"\"size\":\"%s\",\"qps\":%u,\"depth\":%u,\"transport\":\"%s\","
		"\"write_poll\":%u,\"srq\":%u,\"srq_wqes\":%u,"
		"\"srq_receives\":%llu,\"setup\":\"%s\",\"error\":",
		o->role == EV_ROLE_SERVER ? "server" : "client",
		ev_result_name(r->exit_code), r->exit_code,
		(unsigned long long)o->cfg.seed,
		(unsigned long long)r->pattern_seed, ops, sizes, o->cfg.qps,
		o->cfg.depth, o->cfg.uc ? "uc" : "rc", o->cfg.write_poll,
		!!o->srq, r->srq_wqes, (unsigned long long)total->srq_recvs,
		o->tcp ? "tcp" : "rdma_cm");
	ev_json_string(f, r->error ? r->error : "");
	if (o->offered)
		fprintf(f, ",\"offered_Bps\":%llu",
			(unsigned long long)o->offered);
	ev_json_series(f, r->series);
	fprintf(f, ",\"per_qp\":[");
	for (i = 0; i < r->nqps; i++) {
		fprintf(f, "%s", i ? "," : "");
		ev_json_stats(f, &r->qp[i]);
	}
	fprintf(f, "],\"total\":");
	ev_json_stats(f, total);
	fprintf(f, "}\n");
}

static void ev_table_row(FILE *f, const char *name, const struct ev_stats *s)
{
	fprintf(f, "%-6s %10llu %13llu %10llu %13llu %9.3f %9.3f %8.1f %8.1f %8.1f %8.1f\n",
		name, (unsigned long long)s->msgs,
		(unsigned long long)s->bytes,
		(unsigned long long)s->checked_msgs,
		(unsigned long long)s->checked_bytes, ev_stats_seconds(s),
		ev_stats_mbps(s), ev_hist_pct(&s->lat, 50) / 1e3,
		ev_hist_pct(&s->lat, 99) / 1e3, s->lat.max / 1e3,
		ev_stats_lat_mean_us(s));
}

static void ev_report_table(FILE *f, const struct ev_report *r,
			    const struct ev_stats *total)
{
	char name[16];
	uint32_t i;

	fprintf(f, "%-6s %10s %13s %10s %13s %9s %9s %8s %8s %8s %8s\n", "qp",
		"messages", "bytes", "chk_msgs", "chk_bytes", "elapsed_s",
		"MB/s", "p50_us", "p99_us", "max_us", "mean_us");
	for (i = 0; i < r->nqps; i++) {
		snprintf(name, sizeof(name), "%u", i);
		ev_table_row(f, name, &r->qp[i]);
	}
	ev_table_row(f, "total", total);
	if (r->opts->cfg.write_poll && r->opts->role == EV_ROLE_SERVER)
		fprintf(f, "write_poll: %llu messages polled, %llu early last bytes\n",
			(unsigned long long)total->polled,
			(unsigned long long)total->early_last);
	if (r->opts->srq)
		fprintf(f, "srq: %u receives shared by %u QPs, %llu taken\n",
			r->srq_wqes, r->nqps,
			(unsigned long long)total->srq_recvs);
	if (r->series && r->series->interval_ns) {
		fprintf(f, "MB/s per %llu ms:",
			(unsigned long long)(r->series->interval_ns / 1000000));
		for (i = 0; i < r->series->n; i++)
			fprintf(f, " %.3f", ev_series_mbps(r->series, i));
		fprintf(f, "\n");
	}
	fprintf(f, "result: %s%s%s\n", ev_result_name(r->exit_code),
		r->error && *r->error ? ": " : "", r->error ? r->error : "");
}

void ev_report_print(FILE *f, const struct ev_report *r)
{
	struct ev_stats total;

	ev_stats_total(r->qp, r->nqps, &total);
	if (r->opts->json)
		ev_report_json(f, r, &total);
	else
		ev_report_table(f, r, &total);
	fflush(f);
}
