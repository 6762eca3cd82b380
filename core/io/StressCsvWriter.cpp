#include "io/StressCsvWriter.h"

#include "io/NumberFormat.h"

namespace tumble {

StressCsvWriter::StressCsvWriter(std::string path) : m_file(std::move(path))
{
    m_file.write(std::string(kHeader) + '\n');
}

void StressCsvWriter::write(long long step, double time, const CellStress& s)
{
    m_row.clear();
    appendNumber(m_row, step);
    auto add = [&](double x) {
        m_row += ',';
        appendNumber(m_row, x);
    };
    add(time);
    add(s.volume);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            add(s.strain(r, c));
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            add(s.sigma(r, c));
    add(s.pressure);
    add(s.deviator);
    m_row += '\n';
    m_file.write(m_row);
    ++m_rows;
}

} // namespace tumble
