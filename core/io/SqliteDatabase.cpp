#include "io/SqliteDatabase.h"

#include "io/CsvReader.h"
#include "model/Text.h"

#include <sqlite3.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace roofscope {

namespace {
// Each progress callback stands for 1,000 virtual machine steps: a query may take 2 billion steps
// (seconds of work) before it is stopped.
constexpr int kStepsPerTick = 1000;
constexpr std::uint64_t kMaxTicks = 2'000'000;
// The longest text or blob SQLite will build for a query of ours.
constexpr int kMaxLength = 16 * 1024 * 1024;
} // namespace

bool SqliteRow::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

std::optional<std::int64_t> SqliteRow::integer(int column) const
{
    if (sqlite3_column_type(m_statement, column) != SQLITE_INTEGER) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(sqlite3_column_int64(m_statement, column));
}

std::optional<double> SqliteRow::number(int column) const
{
    const int type = sqlite3_column_type(m_statement, column);
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
        return std::nullopt;
    }
    const double value = sqlite3_column_double(m_statement, column);
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<std::string> SqliteRow::text(int column, std::size_t maxBytes) const
{
    if (sqlite3_column_type(m_statement, column) != SQLITE_TEXT) {
        return std::nullopt;
    }
    const unsigned char* data = sqlite3_column_text(m_statement, column);
    const int size = sqlite3_column_bytes(m_statement, column);
    if (!data || size < 0 || static_cast<std::size_t>(size) > maxBytes) {
        return std::nullopt;
    }
    return std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size));
}

bool SqliteDatabase::hasMagic(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[sizeof(kMagic)] = {};
    if (!in.read(head, sizeof(head))) {
        return false;
    }
    return std::memcmp(head, kMagic, sizeof(kMagic)) == 0; // the header ends in a NUL byte
}

SqliteDatabase::SqliteDatabase(const std::string& path, std::size_t maxFileBytes)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec) {
        m_error = "cannot be read: " + ec.message(); // a loop of symbolic links, a name too long
        return;
    }
    if (!fs::exists(status)) {
        m_error = "no such file";
        return;
    }
    if (!fs::is_regular_file(status)) {
        m_error = fs::is_directory(status) ? "is a folder, not a file" : "is not a regular file";
        return;
    }
    const auto size = fs::file_size(path, ec);
    if (ec || size > maxFileBytes) {
        m_error = ec ? "cannot read the file size: " + ec.message()
                     : "the file is " + describeBytes(static_cast<std::size_t>(size)) + ", over the "
                + describeBytes(maxFileBytes) + " an import reads (raise --max-size)";
        return;
    }
    if (!hasMagic(path)) {
        m_error = "not an SQLite database (its first bytes are not \"SQLite format 3\")";
        return;
    }
    // Opened as immutable: SQLite then takes no locks and, for a database in WAL mode, creates no
    // -wal and -shm files beside it (which would fail in a read-only folder, and leave files behind).
    // A -wal file left by a writer that did not finish is not read.
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20) {
            static const char* hex = "0123456789ABCDEF";
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        } else {
            uri += static_cast<char>(c);
        }
    }
    uri += "?immutable=1";
    sqlite3* db = nullptr;
    const int rc
        = sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        m_error = std::string("cannot open the database: ") + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return;
    }
    m_db = db;
    // Defensive settings for a file from elsewhere: no schema functions with side effects, no
    // writable schema, bounded lengths and expression depth, a work budget per query.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
#ifdef SQLITE_DBCONFIG_TRUSTED_SCHEMA
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
#endif
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_limit(m_db, SQLITE_LIMIT_LENGTH, kMaxLength);
    sqlite3_limit(m_db, SQLITE_LIMIT_SQL_LENGTH, 64 * 1024);
    sqlite3_limit(m_db, SQLITE_LIMIT_EXPR_DEPTH, 100);
    sqlite3_limit(m_db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_progress_handler(m_db, kStepsPerTick, &SqliteDatabase::progress, this);
    // Reading the schema checks that the file is a database at all (a damaged header fails here).
    if (!query("SELECT count(*) FROM sqlite_master", [](const SqliteRow&) { return true; })) {
        m_error = "not a readable SQLite database: " + m_error;
        sqlite3_close(m_db);
        m_db = nullptr;
    }
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_close(m_db);
}

int SqliteDatabase::progress(void* self)
{
    auto* db = static_cast<SqliteDatabase*>(self);
    return ++db->m_ticks > kMaxTicks ? 1 : 0;
}

bool SqliteDatabase::query(const std::string& sql, const std::function<bool(const SqliteRow&)>& row)
{
    if (!m_db) {
        return false;
    }
    m_ticks = 0;
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
        m_error = sqlite3_errmsg(m_db);
        sqlite3_finalize(statement);
        return false;
    }
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        if (!row(SqliteRow(statement))) {
            rc = SQLITE_DONE;
            break;
        }
    }
    const bool ok = rc == SQLITE_DONE;
    if (!ok) {
        m_error = rc == SQLITE_INTERRUPT ? std::string("the query took too long (the database is too large or damaged)")
                                         : std::string(sqlite3_errmsg(m_db));
    }
    sqlite3_finalize(statement);
    return ok;
}

bool SqliteDatabase::hasTable(const std::string& table)
{
    bool found = false;
    const std::string sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'";
    query(sql, [&](const SqliteRow&) {
        found = true;
        return false;
    });
    return found;
}

std::vector<std::string> SqliteDatabase::columns(const std::string& table)
{
    std::vector<std::string> names;
    query("SELECT name FROM pragma_table_info('" + table + "')", [&](const SqliteRow& row) {
        if (auto name = row.text(0, 256)) {
            names.push_back(toLower(*name));
        }
        return names.size() < 10000;
    });
    return names;
}

} // namespace roofscope
