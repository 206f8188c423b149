package com.neurofit.vitals;

/** Pixel layouts {@link VitalsSession#submitFrame} accepts (the C {@code nfv_pixel_format}). */
public enum PixelFormat {
    /** Packed 8-bit R, G, B. Stride at least 3 × width. */
    RGB24(1),
    /** Packed 8-bit B, G, R. Stride at least 3 × width. */
    BGR24(2),
    /** Packed 8-bit R, G, B, A. Stride at least 4 × width. */
    RGBA(3),
    /** Packed 8-bit B, G, R, A. Stride at least 4 × width. */
    BGRA(4),
    /** YUV 4:2:2 packed as Y0 U Y1 V. Stride at least 4 × ceil(width / 2). */
    YUYV(5),
    /** YUV 4:2:0: a Y plane, then ceil(height / 2) rows of interleaved U/V pairs, both with the stride. */
    NV12(6),
    /** YUV 4:2:0: a Y plane, then U and V planes of ceil(height / 2) rows with stride ceil(stride / 2). */
    I420(7);

    private final int value;

    PixelFormat(int value) {
        this.value = value;
    }

    /** The C enum's value. */
    public int value() {
        return value;
    }
}
