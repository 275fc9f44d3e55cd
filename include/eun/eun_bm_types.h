/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types of the reorder bitmaps: what the interface (eun_bitmap.h) and the
 * two implementations behind it (eun_bm_impl.h) share. Declares no
 * function, so that both sit above it.
 */
#ifndef EUN_BM_TYPES_H
#define EUN_BM_TYPES_H

#include <linux/types.h>

#include "eun/eun_memctl.h"
#include "eun/eun_psn.h"

struct eun_bm_ops;

#define EUN_BM_DEF_BLOCK_BITS	16
#define EUN_BM_DEF_CAP_BITS	256
#define EUN_BM_DEF_STATIC_BITS	256
/* Field widths of the packed states (DOCs of eun_bm_hd.c, eun_bm_static.c). */
#define EUN_BM_MAX_BITS		4096
#define EUN_BM_MAX_BLOCKS	256

/**
 * enum eun_bm_kind - which bitmap design a &struct eun_bm runs
 * @EUN_BM_HD: hybrid-dynamic bitmap, allocated on the first out-of-order
 *	packet, grown block by block up to the cap, freed when back in order
 * @EUN_BM_STATIC: one fixed circular bitmap per connection, allocated when
 *	the connection opens and kept until it closes
 * @EUN_BM_KIND_COUNT: number of kinds
 */
enum eun_bm_kind {
	EUN_BM_HD,
	EUN_BM_STATIC,
	EUN_BM_KIND_COUNT
};

/**
 * enum eun_bm_layout - how the HD metadata is laid out in emulated memory
 * @EUN_BM_LAYOUT_COMPACT: packed state words and a block-offset table that
 *	grows with the bitmap (the run is moved when it must grow)
 * @EUN_BM_LAYOUT_PAPER: the paper's fixed run of 24 blocks (48 bytes), or
 *	more if the offset table of the cap needs it
 * @EUN_BM_LAYOUT_COUNT: number of layouts
 */
enum eun_bm_layout {
	EUN_BM_LAYOUT_COMPACT,
	EUN_BM_LAYOUT_PAPER,
	EUN_BM_LAYOUT_COUNT
};

/**
 * enum eun_bm_grow - how an HD bitmap takes a block when a packet lands past
 *	the bits it has
 * @EUN_BM_GROW_LINEAR: the paper's way: a linear block past a tail frozen
 *	until head passes it, when the linear blocks join the circle
 * @EUN_BM_GROW_INSERT: a block inserted into the circle just before the
 *	head's block, taking over the part of it behind head; no tail is ever
 *	frozen, so the circle never holds more than the span needs
 * @EUN_BM_GROW_COUNT: number of ways
 */
enum eun_bm_grow {
	EUN_BM_GROW_LINEAR,
	EUN_BM_GROW_INSERT,
	EUN_BM_GROW_COUNT
};

/**
 * enum eun_bm_verdict - what the receiver must do with a packet
 * @EUN_BM_IN_ORDER: deliver; &eun_bm_result.advance packets (this one and
 *	the buffered ones after it) are now in order
 * @EUN_BM_OOO: tracked out of order: keep it, answer with a SACK
 * @EUN_BM_DUPLICATE: received before: drop it, acknowledge again
 * @EUN_BM_BEYOND_CAP: too far ahead of the head to track: drop, NACK
 * @EUN_BM_NO_MEMORY: the emulated memory is exhausted: drop, NACK
 * @EUN_BM_VERDICT_COUNT: number of verdicts
 */
enum eun_bm_verdict {
	EUN_BM_IN_ORDER,
	EUN_BM_OOO,
	EUN_BM_DUPLICATE,
	EUN_BM_BEYOND_CAP,
	EUN_BM_NO_MEMORY,
	EUN_BM_VERDICT_COUNT
};

/**
 * struct eun_bm_params - configuration of a &struct eun_bm
 * @kind: HD or static
 * @layout: HD metadata layout (ignored by the static bitmap)
 * @grow: how the HD bitmap grows (ignored by the static bitmap)
 * @block_bits: HD bits per block: a multiple of 16, at most @cap_bits
 * @cap_bits: HD bits one connection may hold: a multiple of @block_bits,
 *	at most %EUN_BM_MAX_BITS and %EUN_BM_MAX_BLOCKS blocks
 * @static_bits: static bits per connection: a multiple of 16, at most
 *	%EUN_BM_MAX_BITS
 */
struct eun_bm_params {
	enum eun_bm_kind kind;
	enum eun_bm_layout layout;
	enum eun_bm_grow grow;
	u32 block_bits;
	u32 cap_bits;
	u32 static_bits;
};

/**
 * struct eun_bm_result - answer for one packet
 * @verdict: what to do with the packet
 * @advance: for %EUN_BM_IN_ORDER, how far the expected PSN moved (at least
 *	1); 0 otherwise
 * @head: expected PSN after this packet
 */
struct eun_bm_result {
	enum eun_bm_verdict verdict;
	u32 advance;
	u32 head;
};

/**
 * struct eun_bm_info - state of one connection, for SACKs, counters, tests
 * @active: the connection holds bitmap memory
 * @head: first missing PSN (valid when @active)
 * @span: highest tracked PSN - @head + 1; 0 when nothing is tracked
 * @circ_bits: bits in the circular portion
 * @total_bits: bits allocated (circular + linear)
 * @reach: PSNs from @head on that can be tracked without passing the cap
 * @meta_blocks: emulated blocks holding this connection's metadata
 */
struct eun_bm_info {
	bool active;
	u32 head;
	u32 span;
	u32 circ_bits;
	u32 total_bits;
	u32 reach;
	u32 meta_blocks;
};

/**
 * struct eun_bm_stats - event counts of a &struct eun_bm
 * @verdicts: packets per &enum eun_bm_verdict
 * @creates: bitmaps created (HD: first out-of-order packet; static: open)
 * @grows: blocks added past the tail or inserted into the circle (HD)
 * @merges: linear portions absorbed into the circular one (HD)
 * @moves: metadata runs moved to grow their offset table (HD, compact)
 * @frees: bitmaps freed (HD garbage collection, close)
 */
struct eun_bm_stats {
	u64 verdicts[EUN_BM_VERDICT_COUNT];
	u64 creates;
	u64 grows;
	u64 merges;
	u64 moves;
	u64 frees;
};

/**
 * struct eun_bm - bitmaps of all connections of one device
 * @mc: emulated memory the bitmaps live in
 * @p: configuration
 * @ops: the design @p.kind names, picked by eun_bm_init()
 * @block_words: master blocks per HD bitmap block (HD only)
 * @max_blocks: HD blocks per connection at the cap (HD only)
 * @static_words: master blocks per static bitmap (static only)
 * @stats: event counts
 */
struct eun_bm {
	struct eun_memctl *mc;
	struct eun_bm_params p;
	const struct eun_bm_ops *ops;
	u32 block_words;
	u32 max_blocks;
	u32 static_words;
	struct eun_bm_stats stats;
};

#endif /* EUN_BM_TYPES_H */
