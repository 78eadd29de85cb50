model Refused "constructs outside the subset: each is refused with its line"
  Modelica.Mechanics.Rotational.Components.Inertia J(J=1);
  Real x;
equation
  der(x) = -x;
  when x < 0.5 then
    reinit(x, 1);
  end when;
end Refused;
