#pragma once

// Small helpers the GUI suites share: typing into a field as a user does, reading and writing the
// files a test hands to the window, and the overlap of two label outlines.

#include <QApplication>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPolygonF>
#include <QString>
#include <QTest>
#include <QWidget>

namespace roofscope::test {

// Selects the field's text, types `text` over it and presses Enter, then lets the window react.
inline void typeAndEnter(QWidget* field, const QString& text)
{
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
    QApplication::processEvents();
}

// The file's text, empty when it cannot be read.
inline QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Writes `text` to `path` (its folder created), replacing the file; false when that fails.
inline bool writeText(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
}

// Whether two label outlines share some area (touching edges do not count).
inline bool overlap(const QPolygonF& a, const QPolygonF& b)
{
    const QRectF shared = a.intersected(b).boundingRect();
    return shared.width() > 0.5 && shared.height() > 0.5;
}

} // namespace roofscope::test
