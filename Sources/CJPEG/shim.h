/* libjpeg(-turbo) for MJPEG camera frames, seen from Swift .
 *
 * libjpeg reports fatal errors through error_exit, which must not return: it longjmps back here. Swift cannot
 * call setjmp, so the whole decode lives in this header; Swift sees a decoder handle and one call per frame. */
#ifndef NFV_CJPEG_SHIM_H
#define NFV_CJPEG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

/** A reusable decompressor whose fatal errors jump back to the decode call. */
typedef struct cjpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf jump;
} cjpeg_decoder;

static void cjpeg_error_exit(j_common_ptr info) {
    longjmp(((cjpeg_decoder *)info->client_data)->jump, 1);
}

static void cjpeg_ignore_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void cjpeg_ignore_output(j_common_ptr info) { (void)info; }

/** A new decoder, or NULL when out of memory. Release with cjpeg_free. */
static inline cjpeg_decoder *cjpeg_new(void) {
    cjpeg_decoder *decoder = (cjpeg_decoder *)calloc(1, sizeof(cjpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = cjpeg_error_exit;
    decoder->errors.emit_message = cjpeg_ignore_message;
    decoder->errors.output_message = cjpeg_ignore_output;
    decoder->info.client_data = decoder;
    if (setjmp(decoder->jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    return decoder;
}

static inline void cjpeg_free(cjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

/** Decodes `size` bytes of JPEG at 1/8 scale (the DC coefficients) into packed RGB24 rows at
 *  `rgb` (`capacity` bytes). Returns 0 and the decoded size in `*out_width`, `*out_height`, or -1 on a corrupt
 *  frame or a frame larger than `capacity`. Missing Huffman tables (UVC MJPEG) are filled in by libjpeg-turbo. */
static inline int cjpeg_decode_eighth(cjpeg_decoder *decoder, const unsigned char *data, unsigned long size,
                                      unsigned char *rgb, size_t capacity, int *out_width, int *out_height) {
    if (setjmp(decoder->jump)) {
        jpeg_abort_decompress(&decoder->info);
        return -1;
    }
    jpeg_mem_src(&decoder->info, data, size);
    if (jpeg_read_header(&decoder->info, TRUE) != JPEG_HEADER_OK) {
        jpeg_abort_decompress(&decoder->info);
        return -1;
    }
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = 8;
    decoder->info.dct_method = JDCT_IFAST;
    decoder->info.out_color_space = JCS_RGB;
    decoder->info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&decoder->info);
    size_t stride = (size_t)decoder->info.output_width * 3;
    if (decoder->info.output_components != 3 || stride * decoder->info.output_height > capacity) {
        jpeg_abort_decompress(&decoder->info);
        return -1;
    }
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = rgb + (size_t)decoder->info.output_scanline * stride;
        jpeg_read_scanlines(&decoder->info, &row, 1);
    }
    *out_width = (int)decoder->info.output_width;
    *out_height = (int)decoder->info.output_height;
    jpeg_finish_decompress(&decoder->info);
    return 0;
}

#endif
