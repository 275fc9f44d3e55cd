/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory controller over an emulated on-chip memory (Eunomia, section 3.4).
 *
 * The memory is a master array of 2-byte blocks with a one-bit-per-block
 * allocation bitmap and a per-connection metadata start index. Bitmap
 * blocks are handed out first-fit from the head of the array, metadata runs
 * backwards from the tail, so the two kinds grow towards each other and the
 * metadata runs stay contiguous. No locks inside: the caller serialises.
 */
#ifndef EUN_MEMCTL_H
#define EUN_MEMCTL_H

#include <linux/types.h>

#define EUN_MC_BLOCK_BYTES	2
#define EUN_MC_BLOCK_BITS	16
#define EUN_MC_DEF_BLOCKS	1024
/* Block indexes are u16 and EUN_MC_NONE is reserved as "no run". */
#define EUN_MC_MAX_BLOCKS	65535
#define EUN_MC_MAX_CONNS	65536
#define EUN_MC_NONE		0xffffU

/**
 * enum eun_mc_kind - what a run of blocks holds, for the usage figures
 * @EUN_MC_BITMAP: reorder bitmap blocks
 * @EUN_MC_META: per-connection metadata (state words and block offsets)
 * @EUN_MC_KIND_COUNT: number of kinds
 */
enum eun_mc_kind {
	EUN_MC_BITMAP,
	EUN_MC_META,
	EUN_MC_KIND_COUNT
};

/**
 * enum eun_mc_dir - where a free run is searched from
 * @EUN_MC_FROM_HEAD: first fit from block 0 upwards (bitmap blocks)
 * @EUN_MC_FROM_TAIL: from the last block downwards (metadata runs)
 */
enum eun_mc_dir {
	EUN_MC_FROM_HEAD,
	EUN_MC_FROM_TAIL,
};

/**
 * struct eun_mc_stats - usage figures of one controller
 * @nblocks: blocks in the master array
 * @in_use: blocks allocated now, per &enum eun_mc_kind
 * @peak: highest number of blocks allocated at once since init or reset
 * @failures: allocations answered with -ENOSPC
 * @conns: connections that have a metadata start index now
 */
struct eun_mc_stats {
	u32 nblocks;
	u32 in_use[EUN_MC_KIND_COUNT];
	u32 peak;
	u32 failures;
	u32 conns;
};

/**
 * struct eun_memctl - one emulated on-chip memory and its controller
 * @master: master array, @nblocks 2-byte blocks
 * @alloc: block allocation bitmap, bit i set when block i is allocated
 * @meta_start: per connection, first block of its metadata run or
 *	%EUN_MC_NONE
 * @nblocks: size of the master array in blocks
 * @nconns: entries in @meta_start
 * @low_free: no block below it is free: searches from the head start here
 * @high_free: no block at or above it is free: searches from the tail
 *	start below it
 * @stats: usage figures
 */
struct eun_memctl {
	u16 *master;
	unsigned long *alloc;
	u16 *meta_start;
	u32 nblocks;
	u32 nconns;
	u32 low_free;
	u32 high_free;
	struct eun_mc_stats stats;
};

int eun_mc_init(struct eun_memctl *mc, u32 nblocks, u32 nconns);
void eun_mc_destroy(struct eun_memctl *mc);
void eun_mc_reset(struct eun_memctl *mc);
int eun_mc_alloc(struct eun_memctl *mc, u32 n, enum eun_mc_dir dir,
		 enum eun_mc_kind kind);
int eun_mc_extend(struct eun_memctl *mc, u32 start, u32 n, u32 add,
		  enum eun_mc_kind kind);
int eun_mc_extend_down(struct eun_memctl *mc, u32 start, u32 n, u32 add,
		       enum eun_mc_kind kind);
int eun_mc_free(struct eun_memctl *mc, u32 start, u32 n,
		enum eun_mc_kind kind);
bool eun_mc_is_used(const struct eun_memctl *mc, u32 idx);
u16 eun_mc_read(const struct eun_memctl *mc, u32 idx);
void eun_mc_write(struct eun_memctl *mc, u32 idx, u16 val);
void eun_mc_read_words(const struct eun_memctl *mc, u32 idx, u16 *dst, u32 n);
void eun_mc_write_words(struct eun_memctl *mc, u32 idx, const u16 *src, u32 n);
void eun_mc_copy(struct eun_memctl *mc, u32 dst, u32 src, u32 n);
void eun_mc_zero(struct eun_memctl *mc, u32 idx, u32 n);
u32 eun_mc_meta_get(const struct eun_memctl *mc, u32 conn);
void eun_mc_meta_set(struct eun_memctl *mc, u32 conn, u32 start);
void eun_mc_get_stats(const struct eun_memctl *mc, struct eun_mc_stats *st);

#endif /* EUN_MEMCTL_H */
