// SPDX-License-Identifier: GPL-2.0
/*
 * Memory controller over an emulated on-chip memory, after Eunomia (3.4, 4).
 *
 * The reorder bitmaps of rxe_eun do not live in ordinary kernel memory: they
 * live in a small array that stands for the NIC's on-chip SRAM, so that the
 * memory they would cost on a NIC is measured, not estimated. Every bit of
 * bitmap state is read and written through this controller, and running out
 * of blocks is an answer (-ENOSPC) the caller must handle, never a silent
 * fallback to kmalloc. The arrays are allocated once, at init.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "eun/eun_bitops.h"
#include "eun/eun_memctl.h"

/**
 * DOC: emulated memory layout
 *
 * ::
 *
 *   block:  0                                                nblocks-1
 *           [bitmap blocks ->         free          <- metadata runs]
 *
 * The master array holds @nblocks blocks of 16 bits. Bitmap blocks are taken
 * first-fit from block 0 upwards; metadata runs (one per connection that has
 * seen an out-of-order packet) are searched from the last block downwards
 * for a run of consecutive free blocks. Keeping the two kinds at opposite
 * ends keeps the single-block bitmap allocations from cutting holes into the
 * space where multi-block metadata runs must fit. The allocation bitmap has
 * one bit per block; the metadata start index maps a connection to the first
 * block of its run. Freeing only clears allocation bits: stale contents are
 * overwritten by the next owner, who must initialise what it reads.
 *
 * The allocation bitmap is searched and updated a machine word at a time.
 * @low_free and @high_free bound where free blocks can be, so searches
 * start there; they change where a search starts, never what it finds. A
 * run may grow in place into free blocks right after it (eun_mc_extend())
 * or right before it (eun_mc_extend_down()).
 */

static bool mc_test(const struct eun_memctl *mc, u32 i)
{
	return (mc->alloc[i / BITS_PER_LONG] >> (i % BITS_PER_LONG)) & 1;
}

/*
 * Lowest run of @n free blocks: skip to a free block, then past a used one.
 * The search starts at the lowest free block, which it keeps up to date.
 */
static int mc_find_from_head(struct eun_memctl *mc, u32 n)
{
	u32 start, used;

	start = eun_find_next_zero(mc->alloc, mc->nblocks, mc->low_free);
	mc->low_free = start;
	for (;;) {
		if (start >= mc->nblocks || n > mc->nblocks - start)
			return -ENOSPC;
		used = eun_find_next_set(mc->alloc, start + n, start);
		if (used == start + n)
			break;
		start = eun_find_next_zero(mc->alloc, mc->nblocks, used + 1);
	}
	if (start == mc->low_free)
		mc->low_free = start + n;
	return start;
}

/* Highest run of @n free blocks, searched downwards the same way. */
static int mc_find_from_tail(struct eun_memctl *mc, u32 n)
{
	int top, used;

	if (!mc->high_free)
		return -ENOSPC;
	top = eun_find_prev_zero(mc->alloc, mc->high_free - 1, 0);
	mc->high_free = top + 1;
	for (;;) {
		if (top < 0 || (u32)top + 1 < n)
			return -ENOSPC;
		used = eun_find_prev_set(mc->alloc, top, top + 1 - n);
		if (used < 0)
			break;
		if (used == 0)
			return -ENOSPC;
		top = eun_find_prev_zero(mc->alloc, used - 1, 0);
	}
	if ((u32)top + 1 == mc->high_free)
		mc->high_free = top + 1 - n;
	return top + 1 - n;
}

/* Whether [@idx, @idx + @n) lies inside the master array. */
static bool mc_range_ok(const struct eun_memctl *mc, u32 idx, u32 n)
{
	return idx < mc->nblocks && n <= mc->nblocks - idx;
}

/**
 * eun_mc_init() - allocate and clear an emulated memory
 * @mc: controller to set up
 * @nblocks: 2-byte blocks in the master array, 1..%EUN_MC_MAX_BLOCKS
 * @nconns: connections that can hold metadata, 1..%EUN_MC_MAX_CONNS
 *
 * The only allocations of the controller happen here (GFP_KERNEL): the
 * per-packet paths never allocate.
 *
 * Return: 0, -EINVAL for a size out of range, -ENOMEM.
 */
int eun_mc_init(struct eun_memctl *mc, u32 nblocks, u32 nconns)
{
	u32 words = (nblocks + BITS_PER_LONG - 1) / BITS_PER_LONG;

	memset(mc, 0, sizeof(*mc));
	if (nblocks == 0 || nblocks > EUN_MC_MAX_BLOCKS)
		return -EINVAL;
	if (nconns == 0 || nconns > EUN_MC_MAX_CONNS)
		return -EINVAL;

	mc->master = kcalloc(nblocks, sizeof(*mc->master), GFP_KERNEL);
	if (!mc->master)
		goto err_master;
	mc->alloc = kcalloc(words, sizeof(*mc->alloc), GFP_KERNEL);
	if (!mc->alloc)
		goto err_alloc;
	mc->meta_start = kcalloc(nconns, sizeof(*mc->meta_start), GFP_KERNEL);
	if (!mc->meta_start)
		goto err_meta;

	mc->nblocks = nblocks;
	mc->nconns = nconns;
	eun_mc_reset(mc);
	return 0;

err_meta:
	kfree(mc->alloc);
err_alloc:
	kfree(mc->master);
err_master:
	memset(mc, 0, sizeof(*mc));
	return -ENOMEM;
}

/**
 * eun_mc_destroy() - free the arrays of an emulated memory
 * @mc: controller set up by eun_mc_init(); may be all zero
 */
void eun_mc_destroy(struct eun_memctl *mc)
{
	kfree(mc->meta_start);
	kfree(mc->alloc);
	kfree(mc->master);
	memset(mc, 0, sizeof(*mc));
}

/**
 * eun_mc_reset() - release every block and forget every connection
 * @mc: controller
 *
 * Clears the allocation bitmap, the metadata start indexes and the usage
 * figures (peak and failures included). The master array keeps its stale
 * contents, as a reset NIC memory would. Users of the controller must drop
 * their own per-connection state at the same time.
 */
void eun_mc_reset(struct eun_memctl *mc)
{
	u32 i, words = (mc->nblocks + BITS_PER_LONG - 1) / BITS_PER_LONG;

	memset(mc->alloc, 0, words * sizeof(*mc->alloc));
	mc->low_free = 0;
	mc->high_free = mc->nblocks;
	for (i = 0; i < mc->nconns; i++)
		mc->meta_start[i] = EUN_MC_NONE;
	memset(&mc->stats, 0, sizeof(mc->stats));
	mc->stats.nblocks = mc->nblocks;
}

/* Mark the free blocks [@start, @start + @n) allocated to @kind. */
static void mc_take(struct eun_memctl *mc, u32 start, u32 n,
		    enum eun_mc_kind kind)
{
	u32 total;

	eun_bits_assign(mc->alloc, start, n, true);
	mc->stats.in_use[kind] += n;
	total = mc->stats.in_use[EUN_MC_BITMAP] + mc->stats.in_use[EUN_MC_META];
	mc->stats.peak = max(mc->stats.peak, total);
}

/* Whether [@start, @start + @n) is in range and wholly free. */
static bool mc_all_free(const struct eun_memctl *mc, u32 start, u32 n)
{
	return mc_range_ok(mc, start, n) &&
	       eun_find_next_set(mc->alloc, start + n, start) == start + n;
}

/**
 * eun_mc_alloc() - allocate a run of consecutive blocks
 * @mc: controller
 * @n: blocks in the run, at least 1
 * @dir: %EUN_MC_FROM_HEAD (first fit upwards) or %EUN_MC_FROM_TAIL (the
 *	highest free run, searched downwards)
 * @kind: what the run holds, for the usage figures
 *
 * The blocks are not cleared: the caller initialises what it will read.
 *
 * Return: index of the first block of the run, -EINVAL for bad arguments,
 * -ENOSPC when no run of @n free blocks exists (counted as a failure).
 */
int eun_mc_alloc(struct eun_memctl *mc, u32 n, enum eun_mc_dir dir,
		 enum eun_mc_kind kind)
{
	int start;

	if (n == 0 || kind >= EUN_MC_KIND_COUNT)
		return -EINVAL;

	if (n > mc->nblocks)
		start = -ENOSPC;
	else if (dir == EUN_MC_FROM_HEAD)
		start = mc_find_from_head(mc, n);
	else if (dir == EUN_MC_FROM_TAIL)
		start = mc_find_from_tail(mc, n);
	else
		return -EINVAL;
	if (start < 0) {
		mc->stats.failures++;
		return start;
	}

	mc_take(mc, start, n, kind);
	return start;
}

/**
 * eun_mc_extend() - grow a run in place by the blocks right after it
 * @mc: controller
 * @start: first block of an allocated run
 * @n: blocks in the run
 * @add: blocks to add after it
 * @kind: the kind the run was allocated with
 *
 * Growing in place spares the caller a search and a copy. Not finding the
 * blocks free is not an allocation failure: the caller moves the run.
 *
 * Return: 0, or -ENOSPC (nothing changed) when they are not all free.
 */
int eun_mc_extend(struct eun_memctl *mc, u32 start, u32 n, u32 add,
		  enum eun_mc_kind kind)
{
	if (!add || kind >= EUN_MC_KIND_COUNT || !mc_all_free(mc, start + n, add))
		return -ENOSPC;
	mc_take(mc, start + n, add, kind);
	return 0;
}

/**
 * eun_mc_extend_down() - grow a run by the blocks right before it
 * @mc: controller
 * @start: first block of an allocated run
 * @n: blocks in the run
 * @add: blocks to add before it
 * @kind: the kind the run was allocated with
 *
 * The run's contents slide down to the new start, so its first @n blocks
 * read as before. A run found tail-first (metadata) has the blocks after
 * it taken or out of range, and the free space, if any, below it: growing
 * it downwards avoids a move, whose new run and old run would both be held
 * at once for the copy.
 *
 * Return: the new first block, or -ENOSPC (nothing changed) when the
 * blocks before the run are not all free.
 */
int eun_mc_extend_down(struct eun_memctl *mc, u32 start, u32 n, u32 add,
		       enum eun_mc_kind kind)
{
	if (!add || kind >= EUN_MC_KIND_COUNT || add > start ||
	    !mc_range_ok(mc, start, n) || !mc_all_free(mc, start - add, add))
		return -ENOSPC;
	mc_take(mc, start - add, add, kind);
	eun_mc_copy(mc, start - add, start, n);
	return start - add;
}

/**
 * eun_mc_free() - release a run of blocks
 * @mc: controller
 * @start: first block of the run
 * @n: blocks in the run
 * @kind: the kind the run was allocated with
 *
 * Return: 0, or -EINVAL (nothing changed) when the run is out of range or
 * any of its blocks is not allocated: a double free is a bug in the caller.
 */
int eun_mc_free(struct eun_memctl *mc, u32 start, u32 n, enum eun_mc_kind kind)
{
	if (n == 0 || !mc_range_ok(mc, start, n) ||
	    kind >= EUN_MC_KIND_COUNT)
		return -EINVAL;
	if (WARN_ON_ONCE(!eun_bits_all_set(mc->alloc, start, n)))
		return -EINVAL;
	if (WARN_ON_ONCE(mc->stats.in_use[kind] < n))
		return -EINVAL;

	eun_bits_assign(mc->alloc, start, n, false);
	mc->low_free = min(mc->low_free, start);
	mc->high_free = max(mc->high_free, start + n);
	mc->stats.in_use[kind] -= n;
	return 0;
}

/**
 * eun_mc_is_used() - whether a block is allocated
 * @mc: controller
 * @idx: block index
 *
 * Return: true if @idx is in range and allocated.
 */
bool eun_mc_is_used(const struct eun_memctl *mc, u32 idx)
{
	return idx < mc->nblocks && mc_test(mc, idx);
}

/**
 * eun_mc_read() - read one block of the master array
 * @mc: controller
 * @idx: block index, below the array size
 *
 * Return: the block's 16 bits; 0 (and a warning) for an index out of range.
 */
u16 eun_mc_read(const struct eun_memctl *mc, u32 idx)
{
	if (WARN_ON_ONCE(idx >= mc->nblocks))
		return 0;
	return mc->master[idx];
}

/**
 * eun_mc_write() - write one block of the master array
 * @mc: controller
 * @idx: block index, below the array size
 * @val: new contents
 *
 * An index out of range is ignored with a warning.
 */
void eun_mc_write(struct eun_memctl *mc, u32 idx, u16 val)
{
	if (WARN_ON_ONCE(idx >= mc->nblocks))
		return;
	mc->master[idx] = val;
}

/**
 * eun_mc_read_words() - read a run of blocks of the master array
 * @mc: controller
 * @idx: first block
 * @dst: where to copy @n blocks
 * @n: blocks to read
 *
 * One access for a run (state words, a bitmap block wider than 16 bits),
 * as a memory with a wide port would serve it. A run out of range reads as
 * zeros, with a warning.
 */
void eun_mc_read_words(const struct eun_memctl *mc, u32 idx, u16 *dst, u32 n)
{
	if (WARN_ON_ONCE(!mc_range_ok(mc, idx, n))) {
		memset(dst, 0, n * sizeof(*dst));
		return;
	}
	memcpy(dst, mc->master + idx, n * sizeof(*dst));
}

/**
 * eun_mc_write_words() - write a run of blocks of the master array
 * @mc: controller
 * @idx: first block
 * @src: @n blocks to write
 * @n: blocks to write
 *
 * A run out of range is ignored with a warning.
 */
void eun_mc_write_words(struct eun_memctl *mc, u32 idx, const u16 *src, u32 n)
{
	if (WARN_ON_ONCE(!mc_range_ok(mc, idx, n)))
		return;
	memcpy(mc->master + idx, src, n * sizeof(*src));
}

/**
 * eun_mc_copy() - copy a run of blocks inside the master array
 * @mc: controller
 * @dst: first block of the destination
 * @src: first block of the source; the runs may overlap
 * @n: blocks to copy
 *
 * Moving a metadata run is one block transfer, not @n reads and writes.
 * Runs out of range are ignored with a warning.
 */
void eun_mc_copy(struct eun_memctl *mc, u32 dst, u32 src, u32 n)
{
	if (WARN_ON_ONCE(!mc_range_ok(mc, dst, n) || !mc_range_ok(mc, src, n)))
		return;
	memmove(mc->master + dst, mc->master + src, n * sizeof(*mc->master));
}

/**
 * eun_mc_zero() - clear a run of blocks of the master array
 * @mc: controller
 * @idx: first block
 * @n: blocks to clear
 *
 * A run out of range is ignored with a warning.
 */
void eun_mc_zero(struct eun_memctl *mc, u32 idx, u32 n)
{
	if (WARN_ON_ONCE(!mc_range_ok(mc, idx, n)))
		return;
	memset(mc->master + idx, 0, n * sizeof(*mc->master));
}

/**
 * eun_mc_meta_get() - first block of a connection's metadata run
 * @mc: controller
 * @conn: connection index
 *
 * Return: the block index, or %EUN_MC_NONE when @conn has no metadata or is
 * out of range.
 */
u32 eun_mc_meta_get(const struct eun_memctl *mc, u32 conn)
{
	if (conn >= mc->nconns)
		return EUN_MC_NONE;
	return mc->meta_start[conn];
}

/**
 * eun_mc_meta_set() - record (or with %EUN_MC_NONE, forget) a metadata run
 * @mc: controller
 * @conn: connection index, below the number of connections
 * @start: first block of the run, or %EUN_MC_NONE
 */
void eun_mc_meta_set(struct eun_memctl *mc, u32 conn, u32 start)
{
	bool had, has = start != EUN_MC_NONE;

	if (WARN_ON_ONCE(conn >= mc->nconns))
		return;
	if (WARN_ON_ONCE(has && start >= mc->nblocks))
		return;
	had = mc->meta_start[conn] != EUN_MC_NONE;
	mc->meta_start[conn] = start;
	if (has && !had)
		mc->stats.conns++;
	else if (!has && had)
		mc->stats.conns--;
}

/**
 * eun_mc_get_stats() - copy the usage figures
 * @mc: controller
 * @st: where to copy them
 */
void eun_mc_get_stats(const struct eun_memctl *mc, struct eun_mc_stats *st)
{
	*st = mc->stats;
}
