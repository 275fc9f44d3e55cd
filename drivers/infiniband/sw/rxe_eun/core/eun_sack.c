// SPDX-License-Identifier: GPL-2.0
/*
 * The SACK of an EUN_ACK from the reorder bitmap (see eun_sack.h).
 */

#include <linux/types.h>
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_bitmap.h"
#include "eun/eun_sack.h"

/*
 * Bit i of a SACK is distance i + 1 from the head and a bitmap tracks
 * distances below EUN_BM_MAX_BITS: the format can name every one of them.
 */
static_assert(EUN_SACK_MAX_BITS >= EUN_BM_MAX_BITS,
	      "a SACK reaches as far as the largest bitmap");

/**
 * eun_sack_fill() - the SACK bitmap of an EUN_ACK, from the reorder bitmap
 * @bm: reorder bitmaps; the caller holds the lock it keeps them under
 * @conn: the QP's connection in @bm
 * @a: acknowledgment with @a->epsn set; its SACK words and word count are
 *	written, trailing zero words trimmed (eun_sack_trim())
 * @max_words: most SACK words the packet may carry (eun_sack_words_fit()
 *	of the path MTU); more than EUN_SACK_MAX_WORDS counts as that many
 *
 * Bit i is PSN epsn + 1 + i. A SACK that cannot name every PSN tracked is
 * cut at its far end: the PSNs nearest epsn are those whose loss the sender
 * must learn first, and a PSN left out stays in flight at the sender, not
 * lost, so its only cost is a later report. The SACK stays empty when the
 * bitmap holds nothing after @a->epsn, or its head is not @a->epsn (then
 * the cumulative ACK alone is the truth).
 *
 * Return: how many PSNs after epsn, up to the last one received, lie past
 * the @max_words words: 0 when the SACK reports all the bitmap holds.
 */
u32 eun_sack_fill(const struct eun_bm *bm, u32 conn, struct eun_ack_info *a,
		  unsigned int max_words)
{
	unsigned int words = min_t(unsigned int, max_words, EUN_SACK_MAX_WORDS);
	u32 nbits = words * EUN_SACK_WORD_BITS, head = 0;
	int n;

	memset(a->sack, 0, sizeof(a->sack));
	a->sack_words = 0;
	n = eun_bm_sack_words(bm, conn, &head, a->sack, nbits);
	if (n <= 0)
		return 0;
	if (head != a->epsn) {
		memset(a->sack, 0, words * sizeof(a->sack[0]));
		return 0;
	}
	a->sack_words = words;
	eun_sack_trim(a);
	return (u32)n > nbits ? n - nbits : 0;
}
