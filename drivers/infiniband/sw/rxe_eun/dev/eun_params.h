/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun module parameters.
 *
 * Every value is checked when it is set (at load time or through
 * /sys/module/rdma_rxe_eun/parameters/) and refused with a message when it
 * is out of range. A device copies the values when it is created, so a
 * change applies to devices added afterwards.
 */
#ifndef EUN_PARAMS_H
#define EUN_PARAMS_H

#include <linux/types.h>

#include "eun_state.h"

/* Stock rxe's limit on unacknowledged PSNs per QP (RXE_MAX_UNACKED_PSNS). */
#define EUN_DEF_MAX_INFLIGHT	128
#define EUN_MIN_MAX_INFLIGHT	16
/* Far below half the 24-bit PSN space, and a power of two for the rings. */
#define EUN_MAX_MAX_INFLIGHT	16384
#define EUN_MIN_EMEM_BLOCKS	16
#define EUN_DEF_WSYNC_SLOTS	64
/*
 * A held last packet waits for a hole the sender fills on its next
 * retransmission: about four of the 0.5 s ack timeouts rdma_cm picks on
 * RoCE. A hole still open then belongs to a peer that is gone or never
 * sends it.
 */
#define EUN_DEF_WSYNC_HOLD_MS	2000
#define EUN_MAX_WSYNC_HOLD_MS	60000
/*
 * HD blocks of 64 bits, not the paper's 16: every block past the first
 * costs a 16-bit offset word. A QP reordered across its whole 128-PSN
 * window, with loss, peaks at 21 words with 16-bit blocks, 17 with 32-bit
 * and 15 with 64-bit ones in memwin's model (blocks inserted, hd_grow's
 * default), against the 21 of a static 256-bit bitmap
 * (Documentation/bitmap.rst).
 */
#define EUN_DEF_HD_BLOCK_BITS	64
/*
 * A QP's HD bitmap may grow to 1024 bits, four times the paper's 256: a
 * READ requester places its READs' responses in one, and with four READs
 * of 64 KiB in flight (read_inflight) it can send on past a lost response
 * while that is asked for again, instead of waiting with nothing in
 * flight. WRITE and SEND bitmaps stay within max_inflight's 128 PSNs.
 */
#define EUN_DEF_HD_CAP_BITS	1024
/*
 * Eight paths: a block of 8 consecutive ports covers four links evenly
 * under a hash that drops the port's lowest bit (Linux bonding's
 * layer3+4), and spreads well under any other.
 */
#define EUN_DEF_PATHS		8

void eun_params_get(struct eun_params *p);
const char *eun_mode_name(enum eun_qp_mode mode);
const char *eun_wsync_name(enum eun_write_sync ws);
const char *eun_after_read_name(enum eun_after_read ar);
const char *eun_grow_name(enum eun_bm_grow grow);

#endif /* EUN_PARAMS_H */
