// SPDX-License-Identifier: GPL-2.0
/*
 * The wsync pool: held last packets of RDMA WRITEs, for write_sync=receiver.
 *
 * A WRITE's last packet is what a polling reader watches; placing it
 * before the packets ahead of it would show a message that is not all
 * there. The pool is the bounded, counted memory that holds such a packet
 * until the cumulative expected PSN reaches it.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "eun/eun_wsync_pool.h"

/**
 * DOC: held last packet contract
 *
 * The pool has a fixed number of slots of a fixed payload size, all
 * allocated by eun_wsync_pool_init(). eun_wsync_pool_reserve() takes a slot
 * for the last packet of a WRITE that arrived before some earlier PSN; the
 * glue copies the payload into the slot's buffer. A full pool answers
 * -ENOSPC (drop the packet, the sender sends it again), a packet already
 * held answers -EEXIST (a duplicate, drop it).
 *
 * A held packet is ready once every PSN before its own has arrived: the
 * cumulative expected PSN is at or after its last PSN (at it when the glue
 * kept the held packet out of the reorder bitmap, after it when it marked
 * it). eun_wsync_pool_next_ready() returns the ready slot of an owner with
 * the earliest last PSN, so that WRITEs to the same memory land in PSN
 * order; the glue places it, releases it and asks again.
 *
 * Slots are searched linearly: the pool is small, and held last packets
 * are the exception (one per WRITE whose last packet overtook the others).
 * eun_wsync_pool_earliest() gives the glue the PSN to wait for, so that it
 * searches again only once the expected PSN reaches it.
 *
 * The pool is shared by every owner, and a peer decides how long a packet
 * stays held (it may never send the packets before it). Two bounds keep
 * one owner from taking the pool from the others: an owner holds at most
 * @owner_max slots (-EDQUOT beyond: drop the packet, as when the pool is
 * full), and eun_wsync_pool_expired() finds a packet held longer than a
 * given age, which eun_wsync_pool_expire() gives back. What an expired
 * packet means for its owner is the glue's to decide; the pool only
 * counts it. Times are the caller's clock in ns, never read here.
 */

/**
 * eun_wsync_pool_destroy() - free a pool
 * @pool: pool set up by eun_wsync_pool_init(), or all zero, or left by a failed
 *	init
 */
void eun_wsync_pool_destroy(struct eun_wsync_pool *pool)
{
	u32 i;

	for (i = 0; pool->slot && i < pool->nslots; i++)
		kfree(pool->slot[i].data);
	kfree(pool->slot);
	memset(pool, 0, sizeof(*pool));
}

/**
 * eun_wsync_pool_init() - allocate a pool and every slot's buffer
 * @pool: pool to set up
 * @nslots: slots, 1..%EUN_WSYNC_POOL_MAX_SLOTS
 * @slot_bytes: payload bytes per slot, 1..%EUN_WSYNC_POOL_MAX_BYTES
 *
 * Return: 0, -EINVAL for a size out of range, -ENOMEM.
 */
int eun_wsync_pool_init(struct eun_wsync_pool *pool, u32 nslots,
			u32 slot_bytes)
{
	u32 i;

	memset(pool, 0, sizeof(*pool));
	if (nslots == 0 || nslots > EUN_WSYNC_POOL_MAX_SLOTS)
		return -EINVAL;
	if (slot_bytes == 0 || slot_bytes > EUN_WSYNC_POOL_MAX_BYTES)
		return -EINVAL;
	pool->slot = kcalloc(nslots, sizeof(*pool->slot), GFP_KERNEL);
	if (!pool->slot)
		return -ENOMEM;
	pool->nslots = nslots;
	for (i = 0; i < nslots; i++) {
		pool->slot[i].data = kcalloc(slot_bytes, 1, GFP_KERNEL);
		if (!pool->slot[i].data)
			goto undo_slots;
	}
	pool->slot_bytes = slot_bytes;
	pool->owner_max = max_t(u32, 1, nslots / EUN_WSYNC_POOL_SHARE);
	return 0;

undo_slots:
	eun_wsync_pool_destroy(pool);
	return -ENOMEM;
}

/*
 * How many slots @owner holds, and in @dup whether one of them holds
 * @last_psn already.
 */
static u32 wsp_count(const struct eun_wsync_pool *pool, u32 owner,
		     u32 last_psn, bool *dup)
{
	const struct eun_wsync_pool_slot *s;
	u32 i, n = 0;

	*dup = false;
	for (i = 0; i < pool->nslots; i++) {
		s = &pool->slot[i];
		if (!s->used || s->owner != owner)
			continue;
		n++;
		if (s->last_psn == last_psn)
			*dup = true;
	}
	return n;
}

/*
 * Held longer than @max_age (and the slot's grace) at @now; a clock behind
 * @since is not.
 */
static bool wsp_too_old(const struct eun_wsync_pool_slot *s, u64 now,
			u64 max_age)
{
	u64 age;

	if (!s->used || now <= s->since)
		return false;
	age = now - s->since;
	return age > s->grace && age - s->grace > max_age;
}

static int wsp_free_slot(const struct eun_wsync_pool *pool)
{
	u32 i;

	for (i = 0; i < pool->nslots; i++)
		if (!pool->slot[i].used)
			return i;
	return -ENOSPC;
}

/**
 * eun_wsync_pool_reserve() - take a slot for an early last packet
 * @pool: pool
 * @owner: holder, e.g. the QP number
 * @first_psn: first PSN of the WRITE
 * @last_psn: PSN of the packet, the WRITE's last
 * @cookie: where the payload goes, returned with the slot
 * @len: payload bytes, at most the slot size (0 is allowed)
 * @now: the time (ns), from which the packet's age is counted
 *
 * The slot's buffer is the caller's to fill (eun_wsync_pool_get()).
 *
 * Return: slot index (>= 0); -EEXIST when @owner already holds @last_psn;
 * -EDQUOT when @owner holds @owner_max slots already; -ENOSPC when every
 * slot is taken; -EINVAL for bad arguments (@last_psn before @first_psn,
 * a PSN out of range, @len too large).
 */
int eun_wsync_pool_reserve(struct eun_wsync_pool *pool, u32 owner,
			   u32 first_psn, u32 last_psn, u64 cookie, u32 len,
			   u64 now)
{
	struct eun_wsync_pool_slot *s;
	bool dup;
	u32 held;
	int i;

	if (!eun_psn_valid(first_psn) || !eun_psn_valid(last_psn) ||
	    eun_psn_before(last_psn, first_psn) || len > pool->slot_bytes)
		return -EINVAL;
	held = wsp_count(pool, owner, last_psn, &dup);
	if (dup) {
		pool->stats.duplicates++;
		return -EEXIST;
	}
	if (held >= pool->owner_max) {
		pool->stats.over_share++;
		return -EDQUOT;
	}
	i = wsp_free_slot(pool);
	if (i < 0) {
		pool->stats.refused++;
		return i;
	}
	s = &pool->slot[i];
	s->used = true;
	s->owner = owner;
	s->first_psn = first_psn;
	s->last_psn = last_psn;
	s->cookie = cookie;
	s->since = now;
	s->grace = 0;
	s->len = len;
	pool->stats.reserved++;
	pool->stats.in_use++;
	if (pool->stats.in_use > pool->stats.peak)
		pool->stats.peak = pool->stats.in_use;
	return i;
}

/**
 * eun_wsync_pool_grace() - let one held packet stay longer than the limit
 * @pool: pool
 * @slot: index from eun_wsync_pool_reserve()
 * @grace: how much longer (ns), on top of the max_age given to
 *	eun_wsync_pool_expired() and eun_wsync_pool_expire()
 *
 * For an owner whose peer may take longer to fill the hole: a sender that
 * resends only when its retransmit timer fires. A slot that holds nothing
 * is left alone.
 */
void eun_wsync_pool_grace(struct eun_wsync_pool *pool, int slot, u64 grace)
{
	if (slot >= 0 && (u32)slot < pool->nslots && pool->slot[slot].used)
		pool->slot[slot].grace = grace;
}

/**
 * eun_wsync_pool_get() - a held slot
 * @pool: pool
 * @slot: index from eun_wsync_pool_reserve() or eun_wsync_pool_next_ready()
 *
 * Return: the slot (its @data may be written), NULL when @slot is out of
 * range or holds nothing.
 */
const struct eun_wsync_pool_slot *
eun_wsync_pool_get(const struct eun_wsync_pool *pool, int slot)
{
	if (slot < 0 || (u32)slot >= pool->nslots || !pool->slot[slot].used)
		return NULL;
	return &pool->slot[slot];
}

/**
 * eun_wsync_pool_earliest() - an owner's held packet with the earliest PSN
 * @pool: pool
 * @owner: holder
 *
 * Return: the index of @owner's slot with the earliest last PSN, -ENOENT
 * when @owner holds nothing.
 */
int eun_wsync_pool_earliest(const struct eun_wsync_pool *pool, u32 owner)
{
	const struct eun_wsync_pool_slot *s;
	int best = -ENOENT;
	u32 i;

	for (i = 0; i < pool->nslots; i++) {
		s = &pool->slot[i];
		if (!s->used || s->owner != owner)
			continue;
		if (best < 0 ||
		    eun_psn_before(s->last_psn, pool->slot[best].last_psn))
			best = i;
	}
	return best;
}

/**
 * eun_wsync_pool_next_ready() - earliest held packet of an owner now in order
 * @pool: pool
 * @owner: holder
 * @epsn: cumulative expected PSN of @owner: every PSN before it is in
 *
 * The packets of one owner lie within one PSN window, so when its
 * earliest is not ready, none is.
 *
 * Return: the index of @owner's slot with the earliest last PSN at or
 * before @epsn, -ENOENT when there is none.
 */
int eun_wsync_pool_next_ready(const struct eun_wsync_pool *pool, u32 owner,
			      u32 epsn)
{
	int i = eun_wsync_pool_earliest(pool, owner);

	if (i < 0 || eun_psn_before(epsn, pool->slot[i].last_psn))
		return -ENOENT;
	return i;
}

/**
 * eun_wsync_pool_release() - give a slot back
 * @pool: pool
 * @slot: held slot
 *
 * Return: 0, -EINVAL if @slot holds nothing.
 */
int eun_wsync_pool_release(struct eun_wsync_pool *pool, int slot)
{
	if (!eun_wsync_pool_get(pool, slot))
		return -EINVAL;
	pool->slot[slot].used = false;
	pool->stats.in_use--;
	pool->stats.released++;
	return 0;
}

/**
 * eun_wsync_pool_cancel() - give back a slot its owner just reserved
 * @pool: pool
 * @slot: what eun_wsync_pool_reserve() returned
 * @owner: the owner it reserved it for
 * @last_psn: the PSN it reserved it for
 *
 * Between a reservation and its cancellation, eun_wsync_pool_release_owner()
 * may have emptied the slot and another owner taken it: that owner's packet
 * stays.
 *
 * Return: 0, -ENOENT if @slot no longer holds @owner's @last_psn.
 */
int eun_wsync_pool_cancel(struct eun_wsync_pool *pool, int slot, u32 owner,
			  u32 last_psn)
{
	const struct eun_wsync_pool_slot *s = eun_wsync_pool_get(pool, slot);

	if (!s || s->owner != owner || s->last_psn != last_psn)
		return -ENOENT;
	return eun_wsync_pool_release(pool, slot);
}

/**
 * eun_wsync_pool_release_owner() - drop every packet an owner holds
 * @pool: pool
 * @owner: holder, on QP reset or destroy
 *
 * Return: slots released.
 */
u32 eun_wsync_pool_release_owner(struct eun_wsync_pool *pool, u32 owner)
{
	u32 i, n = 0;

	for (i = 0; i < pool->nslots; i++)
		if (pool->slot[i].used && pool->slot[i].owner == owner) {
			eun_wsync_pool_release(pool, i);
			n++;
		}
	return n;
}

/**
 * eun_wsync_pool_held() - how many slots an owner holds
 * @pool: pool
 * @owner: holder
 *
 * Return: the number of @owner's slots.
 */
u32 eun_wsync_pool_held(const struct eun_wsync_pool *pool, u32 owner)
{
	u32 i, n = 0;

	for (i = 0; i < pool->nslots; i++)
		n += pool->slot[i].used && pool->slot[i].owner == owner;
	return n;
}

/**
 * eun_wsync_pool_expired() - the packet held longest, if held too long
 * @pool: pool
 * @now: the time (ns), of the clock given to eun_wsync_pool_reserve()
 * @max_age: how long (ns) a packet may stay held
 *
 * Of every owner: an owner that keeps slots too long keeps them from all.
 *
 * Return: the index of the slot held longest among those held more than
 * @max_age at @now (the lowest index of equals), -ENOENT when none is.
 */
int eun_wsync_pool_expired(const struct eun_wsync_pool *pool, u64 now,
			   u64 max_age)
{
	int best = -ENOENT;
	u32 i;

	for (i = 0; i < pool->nslots; i++) {
		if (!wsp_too_old(&pool->slot[i], now, max_age))
			continue;
		if (best < 0 || pool->slot[i].since < pool->slot[best].since)
			best = i;
	}
	return best;
}

/**
 * eun_wsync_pool_expire() - give back a slot held too long
 * @pool: pool
 * @slot: what eun_wsync_pool_expired() returned
 * @owner: the owner that slot had then
 * @now: the time (ns)
 * @max_age: how long (ns) a packet may stay held
 *
 * The caller may have let go of its lock between the two calls (to find
 * the owner, say): the slot may have been given back since and taken by
 * a new packet, which stays.
 *
 * Return: 0, -ENOENT if @slot no longer holds a packet of @owner held more
 * than @max_age at @now.
 */
int eun_wsync_pool_expire(struct eun_wsync_pool *pool, int slot, u32 owner,
			  u64 now, u64 max_age)
{
	const struct eun_wsync_pool_slot *s = eun_wsync_pool_get(pool, slot);

	if (!s || s->owner != owner || !wsp_too_old(s, now, max_age))
		return -ENOENT;
	pool->stats.expired++;
	return eun_wsync_pool_release(pool, slot);
}
