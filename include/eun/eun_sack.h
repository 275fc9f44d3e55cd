/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SACK of an EUN_ACK, read from the receiver's reorder bitmap: the
 * pure part of rx/eun_rx_ack.c, free of rxe types so that KUnit drives the
 * very function the module calls.
 */
#ifndef EUN_SACK_H
#define EUN_SACK_H

#include <linux/types.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_wire.h"

u32 eun_sack_fill(const struct eun_bm *bm, u32 conn, struct eun_ack_info *a,
		  unsigned int max_words);

#endif /* EUN_SACK_H */
