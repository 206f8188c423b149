package com.neurofit.vitals;

/**
 * A small picture of what the source sees ({@link VitalsSession#setPreviewListener}): {@code width} × {@code height}
 * packed 8-bit R, G, B pixels ({@code width} at most 160), rows {@code 3 × width} bytes apart, showing the frame taken
 * at {@code timestampUs} (its sample time). The array is the frame's own copy.
 *
 * @param width       pixels per row
 * @param height      rows
 * @param timestampUs the source frame's timestamp, microseconds
 * @param rgb         {@code 3 × width × height} bytes, row after row
 */
public record PreviewFrame(int width, int height, long timestampUs, byte[] rgb) {
}
