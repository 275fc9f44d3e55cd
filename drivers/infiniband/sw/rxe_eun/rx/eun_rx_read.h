/* SPDX-License-Identifier: GPL-2.0 */
/* READ and atomic requests at a tracking QP's responder (eun_rx_read.c). */
#ifndef EUN_RX_READ_H
#define EUN_RX_READ_H

#include <linux/types.h>

#include "eun_verdicts.h"

struct rxe_qp;
struct rxe_pkt_info;
struct sk_buff;
struct resp_res;

bool eun_rx_read_is_request(u8 opcode);
u32 eun_rx_read_npkts(struct rxe_qp *qp, struct rxe_pkt_info *pkt);
enum eun_psn_verdict eun_rx_read_request(struct rxe_qp *qp,
					 struct rxe_pkt_info *pkt);
struct resp_res *eun_rx_read_res(struct rxe_qp *qp, struct rxe_pkt_info *pkt);
void eun_rx_read_reached(struct rxe_qp *qp);
bool eun_rx_read_queue_early(struct rxe_qp *qp, struct sk_buff *skb);
u32 eun_rx_read_skip(struct rxe_qp *qp, u32 psn);
void eun_rx_read_mark(struct rxe_qp *qp, u8 opcode, u8 *bth);
void eun_rx_read_forget(struct rxe_qp *qp);

#endif /* EUN_RX_READ_H */
