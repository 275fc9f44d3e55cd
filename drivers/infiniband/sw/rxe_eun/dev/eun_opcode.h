/* SPDX-License-Identifier: GPL-2.0 */
/* The ooo opcodes in rxe's opcode table (eun_opcode.c). */
#ifndef EUN_OPCODE_H
#define EUN_OPCODE_H

#include <linux/types.h>

int eun_opcodes_install(void);
bool eun_op_is_ooo_request(u8 opcode);
bool eun_op_is_ooo_ack(u8 opcode);
bool eun_op_is_read_response(u8 opcode);

#endif /* EUN_OPCODE_H */
