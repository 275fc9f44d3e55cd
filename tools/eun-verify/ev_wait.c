// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: --block. A side that found nothing to do in a pass over
 * its QPs sleeps on their completion channel instead of polling again,
 * so that the CPU a guest spends on a transfer is the work it did, not
 * the time it waited for its peer (the bench's cost figure).
 *
 * The pass after an idle one arms every CQ and polls once more: a
 * completion that came before the arming is found by that poll, one
 * after it raises an event. Only a second idle pass sleeps, for at most
 * EV_WAIT_MS, so timed duties (resent credits, timeouts, the run's end)
 * keep their pace, and open loop no later than the next arrival.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>

#include "ev_log.h"
#include "ev_wait.h"

#define EV_WAIT_MS	10

/* The channel of every CQ of @c, made once the device is known. */
int ev_wait_channel(struct ev_ctx *c)
{
	int flags;

	if (!c->o->block || c->chan)
		return 0;
	c->chan = ibv_create_comp_channel(c->verbs);
	if (!c->chan) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_create_comp_channel: %s",
			strerror(errno));
		return -1;
	}
	flags = fcntl(c->chan->fd, F_GETFL);
	if (flags < 0 || fcntl(c->chan->fd, F_SETFL, flags | O_NONBLOCK) < 0) {
		ev_fail(c, EV_EXIT_SETUP, "completion channel: %s",
			strerror(errno));
		return -1;
	}
	return 0;
}

/* After the CQs: a channel with CQs on it cannot be destroyed. */
void ev_wait_destroy(struct ev_ctx *c)
{
	if (c->chan)
		ibv_destroy_comp_channel(c->chan);
	c->chan = NULL;
}

static int ev_wait_arm(struct ev_ctx *c)
{
	uint32_t i;

	for (i = 0; i < c->nqps; i++) {
		if (!c->qps[i].cq || ibv_req_notify_cq(c->qps[i].cq, 0) == 0)
			continue;
		ev_fail(c, EV_EXIT_SETUP, "QP %u: ibv_req_notify_cq failed", i);
		return -1;
	}
	c->armed = 1;
	return 0;
}

/* At most EV_WAIT_MS, and no later than the next arrival (open loop). */
static int ev_wait_ms(const struct ev_ctx *c)
{
	uint64_t now = ev_now_ns(), ms;

	if (!c->wake_ns)
		return EV_WAIT_MS;
	if (c->wake_ns <= now)
		return 0;
	ms = (c->wake_ns - now + 999999) / 1000000;
	return ms < EV_WAIT_MS ? (int)ms : EV_WAIT_MS;
}

/* Sleep until an event or ev_wait_ms(), then take every event there is. */
static int ev_wait_sleep(struct ev_ctx *c)
{
	struct pollfd pfd = { .fd = c->chan->fd, .events = POLLIN };
	struct ibv_cq *cq;
	void *cq_ctx;

	c->armed = 0;
	if (poll(&pfd, 1, ev_wait_ms(c)) < 0 && errno != EINTR) {
		ev_fail(c, EV_EXIT_SETUP, "poll on the completion channel: %s",
			strerror(errno));
		return -1;
	}
	while (ibv_get_cq_event(c->chan, &cq, &cq_ctx) == 0)
		ibv_ack_cq_events(cq, 1);
	return 0;
}

/**
 * ev_wait_idle() - after a pass over the QPs, sleep if it found nothing
 * @c: the context
 * @work: the pass polled a completion or posted a work request
 *
 * Return: 0, or -1 with the failure recorded in @c.
 */
int ev_wait_idle(struct ev_ctx *c, int work)
{
	if (!c->chan)
		return 0;
	if (work) {
		c->armed = 0;
		return 0;
	}
	return c->armed ? ev_wait_sleep(c) : ev_wait_arm(c);
}
