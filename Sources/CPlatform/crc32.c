// CRC-32 (ISO 3309, as zip and PNG use it), eight bytes at a time ("slicing-by-8"): the caches
// check every card and cover square they reuse, tens of megabytes per build, and a byte-at-a-time
// loop in Swift took a tenth of a second of it.
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "CPlatform.h"

static uint32_t tables[8][256];

__attribute__((constructor)) static void journal_crc32_tables(void) {
    for (uint32_t index = 0; index < 256; index++) {
        uint32_t value = index;
        for (int bit = 0; bit < 8; bit++) value = (value & 1) ? 0xEDB88320u ^ (value >> 1) : value >> 1;
        tables[0][index] = value;
    }
    for (uint32_t index = 0; index < 256; index++) {
        for (int slice = 1; slice < 8; slice++) {
            uint32_t previous = tables[slice - 1][index];
            tables[slice][index] = (previous >> 8) ^ tables[0][previous & 0xFF];
        }
    }
}

uint32_t journal_crc32(const void *bytes, size_t length) {
    const unsigned char *at = bytes;
    uint32_t crc = 0xFFFFFFFFu;
    while (length >= 8) {
        uint32_t low, high;
        memcpy(&low, at, 4);
        memcpy(&high, at + 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        low = __builtin_bswap32(low);
        high = __builtin_bswap32(high);
#endif
        low ^= crc;
        crc = tables[7][low & 0xFF] ^ tables[6][(low >> 8) & 0xFF] ^ tables[5][(low >> 16) & 0xFF] ^ tables[4][low >> 24] ^
              tables[3][high & 0xFF] ^ tables[2][(high >> 8) & 0xFF] ^ tables[1][(high >> 16) & 0xFF] ^ tables[0][high >> 24];
        at += 8;
        length -= 8;
    }
    while (length-- > 0) crc = tables[0][(crc ^ *at++) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}
