#pragma once
// StateArchive: a simulation's state as a flat sequence of named records, each
//
//   u16 name length, name (ASCII), u32 element size (bytes, 0 for a group), u64 count, data
//
// little-endian, data = count x element size bytes copied from memory. A group record (size 0)
// says how many items of a nested kind follow (a vector of materials, an optional cell). The
// reader checks every record's name and element size against the ones it expects and every
// count against the bytes left, so a file from another version or a damaged one is refused
// with the field it broke at (StateError), never read past its end. The timeline keeps its
// states in this form too: one encoding, one set of tests (docs/INSTRUMENTS.md "State files").
//
// Types are archived by `archive(A& a, T& t)` functions (StateFields.h) or, for classes with
// private state, a member `template <class A> void archive(A& a)`; both list every field once
// and serve writer and reader alike.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "math/Types.h"

namespace tumble {

/// A state that cannot be read: what() names the field and the problem.
class StateError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Types stored as their bytes: trivially copyable ones, Eigen's fixed-size matrices and
/// quaternions, and structs of those marked by a specialisation (StateFields.h).
template <class T> struct PlainState : std::bool_constant<std::is_trivially_copyable_v<T>> {
};
template <class S, int R, int C, int O, int MR, int MC>
struct PlainState<Eigen::Matrix<S, R, C, O, MR, MC>> : std::bool_constant<(R > 0 && C > 0)> {
};
template <class S, int O> struct PlainState<Eigen::Quaternion<S, O>> : std::true_type {
};
template <class T, std::size_t N> struct PlainState<std::array<T, N>> : PlainState<T> {
};
template <class A, class B>
struct PlainState<std::pair<A, B>> : std::bool_constant<PlainState<A>::value && PlainState<B>::value> {
};
template <class T> inline constexpr bool kPlainState = PlainState<T>::value;

template <class T> struct IsVector : std::false_type {
};
template <class T> struct IsVector<std::vector<T>> : std::true_type {
};
template <class T> struct IsOptional : std::false_type {
};
template <class T> struct IsOptional<std::optional<T>> : std::true_type {
};

class StateWriter {
public:
    StateWriter() = default;
    /// Writes into buffer's memory (emptied first): a buffer reused from an older state has its
    /// pages mapped already, and a fresh one costs a page fault per 4 kB touched.
    explicit StateWriter(std::vector<unsigned char> buffer) : m_bytes(std::move(buffer)) { m_bytes.clear(); }

    template <class T> void field(std::string_view name, const T& v)
    {
        if constexpr (std::is_same_v<T, std::string>) {
            record(name, 1, v.size(), v.data());
        } else if constexpr (IsVector<T>::value) {
            using E = typename T::value_type;
            if constexpr (kPlainState<E>) {
                record(name, sizeof(E), v.size(), v.data());
            } else {
                record(name, 0, v.size(), nullptr);
                for (const E& e : v)
                    archive(*this, const_cast<E&>(e));
            }
        } else if constexpr (IsOptional<T>::value) {
            record(name, 0, v ? 1 : 0, nullptr);
            if (v)
                archive(*this, const_cast<typename T::value_type&>(*v));
        } else if constexpr (kPlainState<T>) {
            record(name, sizeof(T), 1, &v);
        } else {
            record(name, 0, 1, nullptr);
            archive(*this, const_cast<T&>(v));
        }
    }

    /// A field added after a state format was first written (StateReader::fieldSince).
    template <class T> void fieldSince(std::string_view name, const T& v, const T&) { field(name, v); }

    /// The records written so far.
    const std::vector<unsigned char>& bytes() const { return m_bytes; }
    std::vector<unsigned char> take() { return std::move(m_bytes); }

private:
    void record(std::string_view name, std::size_t elementSize, std::uint64_t count, const void* data);
    std::vector<unsigned char> m_bytes;
};

class StateReader {
public:
    /// Reads records from bytes (not copied: they must outlive the reader).
    StateReader(const unsigned char* bytes, std::size_t size) : m_at(bytes), m_end(bytes + size) {}

    template <class T> void field(std::string_view name, T& v)
    {
        if constexpr (std::is_same_v<T, std::string>) {
            const std::uint64_t n = header(name, 1);
            v.assign(reinterpret_cast<const char*>(take(n)), n);
        } else if constexpr (IsVector<T>::value) {
            using E = typename T::value_type;
            if constexpr (kPlainState<E>) {
                const std::uint64_t n = header(name, sizeof(E));
                const unsigned char* data = take(n * sizeof(E));
                v.resize(n);
                if (n > 0)
                    std::memcpy(static_cast<void*>(v.data()), data, n * sizeof(E));
            } else {
                const std::uint64_t n = header(name, 0);
                // each item takes at least one record's header: a count the bytes left cannot
                // hold is damage, not a reason to allocate
                if (n > remaining())
                    fail(name, "counts " + std::to_string(n) + " items in " + std::to_string(remaining()) + " bytes");
                v.resize(n);
                for (E& e : v)
                    archive(*this, e);
            }
        } else if constexpr (IsOptional<T>::value) {
            const std::uint64_t n = header(name, 0);
            if (n > 1)
                fail(name, "is an optional with " + std::to_string(n) + " values");
            if (n == 0) {
                v.reset();
            } else {
                v.emplace();
                archive(*this, *v);
            }
        } else if constexpr (kPlainState<T>) {
            if (header(name, sizeof(T)) != 1)
                fail(name, "holds several values where one was expected");
            std::memcpy(static_cast<void*>(&v), take(sizeof(T)), sizeof(T));
        } else {
            if (header(name, 0) != 1)
                fail(name, "is a group of several where one was expected");
            archive(*this, v);
        }
    }

    /// A field added after a state format was first written: a state written before has no
    /// record of it there, and v takes the value such a state meant (absent).
    template <class T> void fieldSince(std::string_view name, T& v, const T& absent)
    {
        if (nextIs(name))
            field(name, v);
        else
            v = absent;
    }

    /// Bytes not yet read.
    std::size_t remaining() const { return static_cast<std::size_t>(m_end - m_at); }
    /// Throws StateError naming the field.
    [[noreturn]] void fail(std::string_view name, const std::string& problem) const;

private:
    // whether the next record is named name (nothing is read)
    bool nextIs(std::string_view name) const;
    // reads a record's header, checks its name and element size; returns its count
    std::uint64_t header(std::string_view name, std::size_t elementSize);
    const unsigned char* take(std::uint64_t bytes);

    const unsigned char* m_at;
    const unsigned char* m_end;
    std::string_view m_field; // the field being read, for messages
};

} // namespace tumble
