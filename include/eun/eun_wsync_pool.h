/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wsync pool: held last packets of RDMA WRITEs (write_sync=receiver).
 *
 * With write_sync=receiver the last packet of a WRITE is placed only once
 * every packet before it is in, so that a reader polling the last byte
 * never sees it before the rest of the message. A last packet that comes
 * early is copied into a slot of a pool sized at init; a full pool refuses
 * it and the glue drops it (the sender is told, waits and sends it again). One owner may hold
 * only a share of the slots, and a packet held too long can be found and
 * given back, so that no owner keeps slots from the others for good. No
 * clock inside: times are the caller's, in ns. No locks inside: the caller
 * serialises every call on one pool. No allocation after
 * eun_wsync_pool_init().
 */
#ifndef EUN_WSYNC_POOL_H
#define EUN_WSYNC_POOL_H

#include <linux/types.h>

#include "eun/eun_psn.h"

#define EUN_WSYNC_POOL_MAX_SLOTS	1024
/* One packet's payload at the largest RoCE MTU. */
#define EUN_WSYNC_POOL_MAX_BYTES	4096
/* One owner holds at most 1/this of the slots (at least one slot). */
#define EUN_WSYNC_POOL_SHARE		4

/**
 * struct eun_wsync_pool_slot - one held last packet
 * @data: payload buffer of the pool's slot size; the glue copies into it
 * @cookie: where the payload goes, opaque to the pool
 * @since: when it was taken (ns, the caller's clock)
 * @grace: how much longer than the pool's limit it may stay held (ns,
 *	eun_wsync_pool_grace(); 0 when taken)
 * @owner: who holds it (e.g. the QP number), so one pool can serve many
 * @first_psn: first PSN of the WRITE
 * @last_psn: PSN of this, its last packet
 * @len: payload bytes in @data
 * @used: the slot holds a packet
 */
struct eun_wsync_pool_slot {
	u8 *data;
	u64 cookie;
	u64 since;
	u64 grace;
	u32 owner;
	u32 first_psn;
	u32 last_psn;
	u32 len;
	bool used;
};

/**
 * struct eun_wsync_pool_stats - figures of one pool
 * @in_use: slots holding a packet now
 * @peak: highest @in_use since init
 * @reserved: packets taken into a slot
 * @refused: packets refused with -ENOSPC (pool full)
 * @over_share: packets refused with -EDQUOT (their owner held its share)
 * @duplicates: packets refused with -EEXIST (already held)
 * @expired: slots given back by eun_wsync_pool_expire() (held too long)
 * @released: slots given back, @expired included
 */
struct eun_wsync_pool_stats {
	u32 in_use;
	u32 peak;
	u64 reserved;
	u64 refused;
	u64 over_share;
	u64 duplicates;
	u64 expired;
	u64 released;
};

/**
 * struct eun_wsync_pool - pool of held last packets
 * @slot: @nslots slots
 * @nslots: slots in the pool
 * @slot_bytes: payload bytes per slot
 * @owner_max: slots one owner may hold,
 *	max(1, @nslots / %EUN_WSYNC_POOL_SHARE)
 * @stats: figures
 */
struct eun_wsync_pool {
	struct eun_wsync_pool_slot *slot;
	u32 nslots;
	u32 slot_bytes;
	u32 owner_max;
	struct eun_wsync_pool_stats stats;
};

int eun_wsync_pool_init(struct eun_wsync_pool *pool, u32 nslots,
			u32 slot_bytes);
void eun_wsync_pool_destroy(struct eun_wsync_pool *pool);
int eun_wsync_pool_reserve(struct eun_wsync_pool *pool, u32 owner,
			   u32 first_psn, u32 last_psn, u64 cookie, u32 len,
			   u64 now);
void eun_wsync_pool_grace(struct eun_wsync_pool *pool, int slot, u64 grace);
const struct eun_wsync_pool_slot *
eun_wsync_pool_get(const struct eun_wsync_pool *pool, int slot);
int eun_wsync_pool_earliest(const struct eun_wsync_pool *pool, u32 owner);
int eun_wsync_pool_next_ready(const struct eun_wsync_pool *pool, u32 owner,
			      u32 epsn);
int eun_wsync_pool_release(struct eun_wsync_pool *pool, int slot);
int eun_wsync_pool_cancel(struct eun_wsync_pool *pool, int slot, u32 owner,
			  u32 last_psn);
u32 eun_wsync_pool_release_owner(struct eun_wsync_pool *pool, u32 owner);
u32 eun_wsync_pool_held(const struct eun_wsync_pool *pool, u32 owner);
int eun_wsync_pool_expired(const struct eun_wsync_pool *pool, u64 now,
			   u64 max_age);
int eun_wsync_pool_expire(struct eun_wsync_pool *pool, int slot, u32 owner,
			  u64 now, u64 max_age);

#endif /* EUN_WSYNC_POOL_H */
