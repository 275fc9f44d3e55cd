/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Virtual paths of an RC QP's request packets and READ responses
 * (eun_tx_path.c): the UDP source port each one leaves with, and what the
 * policy learns of them.
 */
#ifndef EUN_TX_PATH_H
#define EUN_TX_PATH_H

#include <linux/types.h>

struct rxe_dev;
struct rxe_qp;
struct rxe_pkt_info;

int eun_tx_path_setup(struct rxe_dev *rxe, struct rxe_qp *qp);
int eun_tx_path_ring_init(struct rxe_qp *qp, u32 capacity);
void eun_tx_path_restart(struct rxe_qp *qp);
void eun_tx_path_teardown(struct rxe_qp *qp);
u16 eun_tx_path_sport(struct rxe_qp *qp, const struct rxe_pkt_info *pkt);
u8 eun_tx_path_wire(struct rxe_qp *qp);
void eun_tx_path_sent(struct rxe_qp *qp, u32 psn, u8 wire);
void eun_tx_path_lost(struct rxe_qp *qp, u32 psn);
void eun_tx_path_echo(struct rxe_qp *qp, u8 wire, u32 late);
void eun_tx_path_response_lost(struct rxe_qp *qp, u32 psn);

#endif /* EUN_TX_PATH_H */
