/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reorder bitmaps of rxe_eun: the hybrid-dynamic (HD) bitmap of Eunomia and
 * a static circular baseline (IRN, MP-RDMA), behind one interface.
 *
 * The receiver asks, for each data packet, what to do with it; every bit of
 * state lives in the emulated memory of a &struct eun_memctl. No locks
 * inside: the caller holds the QP's lock around every call for a connection
 * and a device-wide lock (or its equivalent) around the controller.
 */
#ifndef EUN_BITMAP_H
#define EUN_BITMAP_H

#include <linux/types.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_memctl.h"

void eun_bm_default_params(struct eun_bm_params *p, enum eun_bm_kind kind);
int eun_bm_init(struct eun_bm *bm, struct eun_memctl *mc,
		const struct eun_bm_params *p);
int eun_bm_open(struct eun_bm *bm, u32 conn, u32 first_psn);
int eun_bm_rx(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
	      struct eun_bm_result *res);
void eun_bm_close(struct eun_bm *bm, u32 conn);
int eun_bm_get_info(const struct eun_bm *bm, u32 conn,
		    struct eun_bm_info *info);
int eun_bm_sack(const struct eun_bm *bm, u32 conn, u32 *head,
		unsigned long *bits, u32 nbits);
int eun_bm_sack_words(const struct eun_bm *bm, u32 conn, u32 *head,
		      u64 *words, u32 nbits);
const char *eun_bm_verdict_name(enum eun_bm_verdict v);

/**
 * eun_bm_must_drop() - whether a verdict means drop and NACK
 * @v: verdict
 *
 * Return: true for the two "cannot track" verdicts.
 */
static inline bool eun_bm_must_drop(enum eun_bm_verdict v)
{
	return v == EUN_BM_BEYOND_CAP || v == EUN_BM_NO_MEMORY;
}

#endif /* EUN_BITMAP_H */
