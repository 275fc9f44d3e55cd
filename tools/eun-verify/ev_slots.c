// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: the server's slot ring. Message m lands in (WRITE) or is
 * read from (READ) slot m % nslots; a READ source is filled with its
 * message's pattern before the message is granted. Used by the connection
 * set-up (the first ring, before the client may post) and by the server
 * loop (each slot again as the ring moves on).
 */
#include <string.h>

#include "ev_slots.h"

uint8_t *ev_slot(struct ev_qp *q, uint64_t m)
{
	return q->slots + (size_t)(m % q->nslots) * q->slot_size;
}

/* Slot of message @m about to be granted: READ sources get its pattern. */
void ev_server_prepare_msg(struct ev_qp *q, uint64_t m)
{
	struct ev_msg_plan mp;

	ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
	if (mp.op == EV_OP_READ)
		ev_pattern_fill(ev_slot(q, m), mp.size, q->ctx->pattern_seed,
				q->idx, m);
}

/* Initial state: atomic words seeded, the first ring of READ sources. */
int ev_server_prepare(struct ev_qp *q)
{
	uint64_t m;

	memcpy(q->words, q->am.word, sizeof(q->am.word));
	for (m = 0; m < q->nslots; m++)
		ev_server_prepare_msg(q, m);
	return 0;
}
