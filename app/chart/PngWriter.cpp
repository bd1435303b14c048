#include "chart/PngWriter.h"

#include <png.h>

#include <csetjmp>

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
    if (!sink->failed && sink->device->write(reinterpret_cast<const char*>(data), size) != size) {
        sink->failed = true;
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
    const bool alpha = image.hasAlphaChannel();
    const QImage rows = image.convertToFormat(alpha ? QImage::Format_RGBA8888 : QImage::Format_RGB888);
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

} // namespace roofscope
