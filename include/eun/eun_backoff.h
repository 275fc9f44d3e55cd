/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sender's answer to a receiver out of room.
 *
 * A NACK for want of bitmap memory (NOMEM) or for a PSN beyond the
 * bitmap's reach (CAP) says nothing was lost: the receiver dropped the
 * packet because it cannot track it now. Resending at once, every round
 * trip, only feeds it more to refuse. So the sender waits before it sends
 * anything again, twice as long after each refusal in a row, and a
 * streak of refusals that never lets the cumulative ACK move spends the
 * QP's retry budget as a retransmit timeout would: the QP ends in
 * IB_WC_RETRY_EXC_ERR rather than spinning for ever.
 *
 * A streak ends when the cumulative ACK moves. NACKs of packets sent
 * before the current wait began are echoes of one refusal, not new ones.
 * While a streak is on, the receiver's room is full of packets beyond its
 * hole, and every other packet would be refused again: only the packet at
 * the cumulative ACK, which needs no room, goes (eun_bo_stalled()).
 * No allocation, clock or lock inside: times are given by the caller.
 */
#ifndef EUN_BACKOFF_H
#define EUN_BACKOFF_H

#include <linux/types.h>

/* First wait, and its ceiling (it doubles per refusal in a row). */
#define EUN_BO_BASE_NS		(1000 * 1000ULL)
#define EUN_BO_MAX_NS		(64 * EUN_BO_BASE_NS)
/* Refusals in a row, without progress, that cost one retry. */
#define EUN_BO_STRIKES_PER_RETRY	8

/**
 * enum eun_bo_verdict - what one NACK for want of room means
 * @EUN_BO_ECHO: an echo of a refusal already counted; nothing changes
 * @EUN_BO_WAIT: a new refusal: wait until eun_bo_until()
 * @EUN_BO_RETRY: a new refusal that ends a streak's budget: wait, and
 *	spend one retry of the QP as a retransmit timeout would
 */
enum eun_bo_verdict {
	EUN_BO_ECHO,
	EUN_BO_WAIT,
	EUN_BO_RETRY,
};

/**
 * struct eun_backoff - one QP's waits after refusals
 * @active: a streak is on (no progress since its first refusal)
 * @una: the cumulative ACK when the streak began
 * @strikes: refusals in the streak since it last spent a retry
 * @wait_ns: the wait the next refusal takes
 * @since_ns: when the current wait began
 * @until_ns: nothing goes before this
 * @waits: refusals that started a wait, for the counters
 * @retries: retries spent
 */
struct eun_backoff {
	bool active;
	u32 una;
	u32 strikes;
	u64 wait_ns;
	u64 since_ns;
	u64 until_ns;
	u64 waits;
	u64 retries;
};

void eun_bo_init(struct eun_backoff *bo);
enum eun_bo_verdict eun_bo_nack(struct eun_backoff *bo, u32 una,
				u64 sent_ns, u64 now);
void eun_bo_progress(struct eun_backoff *bo, u32 una);
bool eun_bo_waiting(const struct eun_backoff *bo, u64 now);
bool eun_bo_stalled(const struct eun_backoff *bo, u32 una);

/**
 * eun_bo_until() - when the current wait ends
 * @bo: the backoff
 *
 * Return: the time (ns) before which nothing is sent, 0 outside a streak.
 */
static inline u64 eun_bo_until(const struct eun_backoff *bo)
{
	return bo->active ? bo->until_ns : 0;
}

#endif /* EUN_BACKOFF_H */
