#pragma once

// A read-only SQLite database for an importer: opened only when the path is a regular file within
// a size limit that starts with SQLite's header, never written, and with a bounded amount of work
// per query, so a hostile file can make a query fail but not hang or crash the reader.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace roofscope {

// One row of a query's result: typed access to its columns (0-based).
class SqliteRow {
public:
    explicit SqliteRow(sqlite3_stmt* statement)
        : m_statement(statement)
    {
    }
    bool isNull(int column) const;
    // An INTEGER column's value (nothing for NULL, text, blobs and reals).
    std::optional<std::int64_t> integer(int column) const;
    // A finite number from an INTEGER or REAL column (nothing otherwise).
    std::optional<double> number(int column) const;
    // A TEXT column's value; nothing for NULL, a blob, or text longer than maxBytes.
    std::optional<std::string> text(int column, std::size_t maxBytes) const;

private:
    sqlite3_stmt* m_statement;
};

class SqliteDatabase {
public:
    // SQLite's 16-byte file header.
    static constexpr char kMagic[] = "SQLite format 3";

    SqliteDatabase(const std::string& path, std::size_t maxFileBytes);
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    bool isOpen() const { return m_db != nullptr; }
    // Why the file could not be opened, or why the last query failed.
    const std::string& error() const { return m_error; }

    // True when `table` is an ordinary table (a view could run any query on reading).
    bool hasTable(const std::string& table);
    // The columns of an ordinary table, lower case, in their order.
    std::vector<std::string> columns(const std::string& table);
    // Runs a SELECT and calls `row` for each result row until it returns false. False (see error())
    // when the statement fails, including when it runs past the work budget.
    bool query(const std::string& sql, const std::function<bool(const SqliteRow&)>& row);

    // True when the file at `path` starts with SQLite's header (reads 16 bytes).
    static bool hasMagic(const std::string& path);

private:
    static int progress(void* self);

    sqlite3* m_db = nullptr;
    std::string m_error;
    std::uint64_t m_ticks = 0;
};

} // namespace roofscope
