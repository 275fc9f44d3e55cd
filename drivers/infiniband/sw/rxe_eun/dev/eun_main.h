/* SPDX-License-Identifier: GPL-2.0 */
/* Module set-up and tear-down (eun_main.c), run by rxe's module init. */
#ifndef EUN_MAIN_H
#define EUN_MAIN_H

int eun_module_init(void);
void eun_module_exit(void);

#endif /* EUN_MAIN_H */
