within Modelica.Mechanics.Rotational.Examples;
model Oscillator "An inertia on a spring, released at rest"
  extends Modelica.Icons.Example;
  import Modelica.Constants.pi;
  parameter SI.RotationalSpringConstant c(min=0) = 4*pi^2 "one swing a second";
  Rotational.Components.Inertia J(J=1, phi(start=0.5, fixed=true), w(fixed=true))
    annotation (Placement(transformation(extent={{10,-10},{30,10}})));
  Components.Spring spring(c=c)
    annotation (Placement(transformation(extent={{-30,-10},{-10,10}})));
  Modelica.Mechanics.Rotational.Components.Fixed fixed
    annotation (Placement(transformation(origin={-50,0}, extent={{-10,-10},{10,10}}, rotation=270)));
equation
  connect(fixed.flange, spring.flange_a) annotation (Line(points={{-50,0},{-30,0}}));
  connect(spring.flange_b, J.flange_a) annotation (Line(points={{-10,0},{10,0}}, color={0,0,0}));
  annotation (experiment(StopTime=2, Interval=0.01),
    Documentation(info="<html><p>Written for Flange's tests.</p></html>"),
    Diagram(graphics={Text(extent={{-60,40},{0,30}}, textString="released at 0.5 rad")}));
end Oscillator;
