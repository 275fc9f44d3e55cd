/* SPDX-License-Identifier: GPL-2.0 */
/* What an EUN_ACK tells a tracking QP's sender (eun_comp.c). */
#ifndef EUN_COMP_H
#define EUN_COMP_H

#include "eun_verdicts.h"

struct rxe_pkt_info;
struct rxe_qp;

enum eun_ack_verdict eun_comp_ack(struct rxe_qp *qp,
				  struct rxe_pkt_info *pkt);
void eun_comp_as_stock_ack(struct rxe_pkt_info *pkt);

#endif /* EUN_COMP_H */
