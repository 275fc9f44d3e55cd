// SPDX-License-Identifier: GPL-2.0
/*
 * Waits after a receiver's refusals for want of room (see eun_backoff.h).
 */

#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_backoff.h"

/**
 * eun_bo_init() - no streak
 * @bo: the backoff; its counts are kept across streaks, cleared here
 */
void eun_bo_init(struct eun_backoff *bo)
{
	memset(bo, 0, sizeof(*bo));
	bo->wait_ns = EUN_BO_BASE_NS;
}

/**
 * eun_bo_nack() - the receiver refused a packet for want of room
 * @bo: the backoff
 * @una: the sender's cumulative ACK now
 * @sent_ns: when the refused packet was (last) sent
 * @now: current time (ns)
 *
 * Return: &enum eun_bo_verdict.
 */
enum eun_bo_verdict eun_bo_nack(struct eun_backoff *bo, u32 una,
				u64 sent_ns, u64 now)
{
	if (!bo->active || bo->una != una) {
		bo->active = true;
		bo->una = una;
		bo->strikes = 0;
		bo->wait_ns = EUN_BO_BASE_NS;
	} else if (sent_ns < bo->since_ns) {
		/* Sent before this wait began: the same refusal again. */
		return EUN_BO_ECHO;
	}
	bo->since_ns = now;
	bo->until_ns = now + bo->wait_ns;
	bo->wait_ns = min(bo->wait_ns * 2, EUN_BO_MAX_NS);
	bo->waits++;
	if (++bo->strikes < EUN_BO_STRIKES_PER_RETRY)
		return EUN_BO_WAIT;
	bo->strikes = 0;
	bo->retries++;
	return EUN_BO_RETRY;
}

/**
 * eun_bo_progress() - the cumulative ACK is @una now
 * @bo: the backoff
 * @una: the sender's cumulative ACK
 *
 * A receiver that took the next packet in order has room to go on: the
 * streak ends and the next refusal waits the shortest time again.
 */
void eun_bo_progress(struct eun_backoff *bo, u32 una)
{
	if (!bo->active || bo->una == una)
		return;
	bo->active = false;
	bo->strikes = 0;
	bo->wait_ns = EUN_BO_BASE_NS;
	bo->until_ns = 0;
}

/**
 * eun_bo_waiting() - whether the sender must keep quiet now
 * @bo: the backoff
 * @now: current time (ns)
 *
 * Return: true inside a wait.
 */
bool eun_bo_waiting(const struct eun_backoff *bo, u64 now)
{
	return bo->active && now < bo->until_ns;
}

/**
 * eun_bo_stalled() - whether a refusal stands and nothing moved since
 * @bo: the backoff
 * @una: the sender's cumulative ACK now
 *
 * Return: true while a streak is on and the cumulative ACK is still the
 * one it began with: the sender may send the packet at @una only.
 */
bool eun_bo_stalled(const struct eun_backoff *bo, u32 una)
{
	return bo->active && bo->una == una;
}
