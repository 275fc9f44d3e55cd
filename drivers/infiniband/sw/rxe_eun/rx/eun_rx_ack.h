/* SPDX-License-Identifier: GPL-2.0 */
/* EUN_ACK, SACK and NACK from the receive side (eun_rx_ack.c). */
#ifndef EUN_RX_ACK_H
#define EUN_RX_ACK_H

#include "eun/eun_wire.h"

struct rxe_qp;

void eun_rx_ack_mode(struct rxe_qp *qp, u32 psn);
int eun_rx_ack_seq_nak(struct rxe_qp *qp, u32 psn);
void eun_rx_ack_send(struct rxe_qp *qp, enum eun_ack_kind kind,
		     enum eun_nack_reason reason, u32 nack_psn);
void eun_rx_ack_cumulative(struct rxe_qp *qp);

#endif /* EUN_RX_ACK_H */
