// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: clock, failure and information messages of a run. The
 * bottom of the verbs files: it calls nothing else of eun-verify.
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "ev_log.h"

uint64_t ev_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Wall-clock seconds: what a script's $EPOCHREALTIME compares with. */
double ev_unix_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Keep the first failure: later ones are usually its consequences. */
void ev_fail(struct ev_ctx *c, int code, const char *fmt, ...)
{
	char msg[sizeof(c->error)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "eun-verify: %s: %s\n",
		c->o->role == EV_ROLE_SERVER ? "server" : "client", msg);
	if (c->exit_code)
		return;
	c->exit_code = code;
	snprintf(c->error, sizeof(c->error), "%s", msg);
}

void ev_info(struct ev_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (!c->o->verbose)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "eun-verify: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
}

int ev_failed(const struct ev_ctx *c)
{
	return c->exit_code != EV_EXIT_OK;
}
