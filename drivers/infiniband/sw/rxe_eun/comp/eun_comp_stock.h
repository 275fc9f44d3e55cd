/* SPDX-License-Identifier: GPL-2.0 */
/* A go-back-N QP's plain ACK at a READ or atomic (eun_comp_stock.c). */
#ifndef EUN_COMP_STOCK_H
#define EUN_COMP_STOCK_H

#include "eun_verdicts.h"

struct rxe_pkt_info;
struct rxe_qp;
struct rxe_send_wqe;

enum eun_plain_ack_verdict eun_comp_stock_plain_ack(struct rxe_qp *qp,
						    struct rxe_pkt_info *pkt,
						    struct rxe_send_wqe *wqe);

#endif /* EUN_COMP_STOCK_H */
