/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Placement of ooo packets into memory (eun_rx_place.c). Needs rxe's types:
 * include after rxe.h.
 */
#ifndef EUN_RX_PLACE_H
#define EUN_RX_PLACE_H

#include "eun/eun_rx_check.h"
#include "eun/eun_wire.h"

/**
 * struct eun_rx_pkt - an ooo request packet, parsed
 * @eh: its EUNH
 * @data: its payload
 * @len: payload bytes
 * @is_write: EUN_WRITE (else EUN_SEND)
 * @mr: WRITE target MR, referenced once checked (NULL for zero bytes)
 * @va: WRITE target address of this packet's payload
 * @wqe: receive WQE of a SEND, or of the immediate of a WRITE
 */
struct eun_rx_pkt {
	struct eun_ext_hdr eh;
	const u8 *data;
	u32 len;
	bool is_write;
	struct rxe_mr *mr;
	u64 va;
	struct rxe_recv_wqe *wqe;
};

struct rxe_mr *eun_rx_place_rkey_mr(struct rxe_qp *qp, u32 rkey, u64 *va);
bool eun_rx_place_in_mr(const struct rxe_mr *mr, u64 va, u32 len);
enum eun_rxc_verdict eun_rx_place_write_target(struct rxe_qp *qp,
					       struct rxe_pkt_info *pkt,
					       struct eun_rx_pkt *p);
enum eun_rxc_verdict eun_rx_place_recv_target(struct rxe_qp *qp,
					      struct eun_rx_pkt *p);
int eun_rx_place_data(struct rxe_qp *qp, struct eun_rx_pkt *p);
void eun_rx_place_release(struct eun_rx_pkt *p);

#endif /* EUN_RX_PLACE_H */
