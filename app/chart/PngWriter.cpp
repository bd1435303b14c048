#include "chart/PngWriter.h"

#include <png.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace roofscope {

namespace {

struct PngSink {
    QIODevice* device = nullptr;
    bool failed = false;
};

void writeBytes(png_structp png, png_bytep data, png_size_t length)
{
    auto* sink = static_cast<PngSink*>(png_get_io_ptr(png));
    const auto size = static_cast<qint64>(length);
    if (sink->device->write(reinterpret_cast<const char*>(data), size) != size) {
        sink->failed = true;
        png_error(png, "the device did not take the bytes"); // no further rows compressed for nothing
    }
}

void flushBytes(png_structp /*png*/)
{
}

// libpng reports an error by jumping back to the setjmp of encodeRows(); it prints nothing.
[[noreturn]] void onError(png_structp png, png_const_charp /*message*/)
{
    png_longjmp(png, 1);
}

void onWarning(png_structp /*png*/, png_const_charp /*message*/)
{
}

// Whether every pixel of a 32-bit image with alpha is opaque.
bool opaque(const QImage& image)
{
    for (int y = 0; y < image.height(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            if (qAlpha(row[x]) != 255) {
                return false;
            }
        }
    }
    return true;
}

// `image` is RGB32 or ARGB32 (not premultiplied): 32 bits per pixel, 0xAARRGGBB in native order.
// libpng reorders the bytes while it writes (and drops the alpha byte for RGB).
// Only plain values live in this frame, as a longjmp out of libpng skips destructors.
bool encodeRows(png_structp png, png_infop info, const QImage& image, bool alpha)
{
    if (setjmp(png_jmpbuf(png))) {
        return false;
    }
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.width()), static_cast<png_uint_32>(image.height()), 8,
        alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
        PNG_FILTER_TYPE_DEFAULT);
    if (image.dotsPerMeterX() > 0 && image.dotsPerMeterY() > 0) {
        png_set_pHYs(png, info, static_cast<png_uint_32>(image.dotsPerMeterX()),
            static_cast<png_uint_32>(image.dotsPerMeterY()), PNG_RESOLUTION_METER);
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
#if Q_BYTE_ORDER == Q_LITTLE_ENDIAN
    png_set_bgr(png); // B, G, R, A in memory
    if (!alpha) {
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
#else
    if (alpha) { // A, R, G, B in memory
        png_set_swap_alpha(png);
    } else {
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }
#endif
    for (int y = 0; y < image.height(); ++y) {
        png_write_row(png, image.constScanLine(y));
    }
    png_write_end(png, info);
    return true;
}

} // namespace

bool writePng(const QImage& image, QIODevice* device)
{
    if (image.isNull() || device == nullptr) {
        return false;
    }
    QImage rows = image;
    bool alpha = false;
    if (image.format() == QImage::Format_ARGB32 || image.format() == QImage::Format_ARGB32_Premultiplied) {
        alpha = !opaque(image); // an opaque premultiplied pixel is the same as a plain one
        if (alpha && image.format() == QImage::Format_ARGB32_Premultiplied) {
            rows = image.convertToFormat(QImage::Format_ARGB32);
        }
    } else if (image.format() != QImage::Format_RGB32) {
        alpha = image.hasAlphaChannel();
        rows = image.convertToFormat(alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32);
        alpha = alpha && !opaque(rows);
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, onError, onWarning);
    if (png == nullptr) {
        return false;
    }
    png_infop info = png_create_info_struct(png);
    if (info == nullptr) {
        png_destroy_write_struct(&png, nullptr);
        return false;
    }
    PngSink sink;
    sink.device = device;
    png_set_write_fn(png, &sink, writeBytes, flushBytes);
    const bool ok = encodeRows(png, info, rows, alpha);
    png_destroy_write_struct(&png, &info);
    return ok && !sink.failed;
}

QImage blankChartImage(int width, int height)
{
    if (width <= 0 || height <= 0) {
        return {};
    }
    const qsizetype bytesPerLine = static_cast<qsizetype>(width) * 4;
    const size_t bytes = static_cast<size_t>(bytesPerLine) * static_cast<size_t>(height);
#ifdef __linux__
    constexpr size_t kHugePage = 2u << 20;
    if (bytes >= kHugePage) {
        const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* memory = nullptr;
        if (posix_memalign(&memory, kHugePage, rounded) == 0) {
            madvise(memory, rounded, MADV_HUGEPAGE); // advice only: plain pages when refused
            std::memset(memory, 0, bytes);
            return QImage(
                static_cast<uchar*>(memory), width, height, bytesPerLine, QImage::Format_ARGB32_Premultiplied,
                [](void* data) { std::free(data); }, memory);
        }
    }
#endif
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    return image;
}

} // namespace roofscope
