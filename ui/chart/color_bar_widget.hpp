#pragma once
// The colour bar beside a chart: the colours from low to high with the scale's ticks and
// its title, so a colour reads back as a value.
#include "ui/chart/chart_data.hpp"

#include <QWidget>

namespace flange::ui::chart {

class ColorBarWidget : public QWidget {
public:
    explicit ColorBarWidget(QWidget* parent = nullptr);
    void setBar(const ColorBar& bar);
    const ColorBar& bar() const { return bar_; }
    // The bar's rectangle in the widget (ticks are drawn against it).
    QRect barRect() const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    ColorBar bar_;
};

} // namespace flange::ui::chart
