package Tables "A function that builds a table, and a model that uses it"
  function ramp "rows (v, f0 + k*v) for v = 0 ... vMax"
    input Real f0;
    input Real k = 1;
    input Real vMax;
    input Integer n(min=2) = 5;
    output Real table[n, 2];
  algorithm
    for i in 1:n loop
      table[i, 1] := vMax*(i - 1)/(n - 1);
      table[i, 2] := if i > 1 then f0 + k*table[i, 1] else Modelica.Math.exp(0)*f0;
    end for;
  end ramp;

  model Sliding
    import T = Modelica.Mechanics.Translational;
    T.Components.Mass mass(m=2, s(fixed=true), v(fixed=true));
    T.Components.SupportFriction friction(f_pos=Tables.ramp(f0=1, k=0.5, vMax=4));
    T.Components.Fixed fixed;
    Modelica.Blocks.Sources.CombiTimeTable profile(table=[0, 0; 1, 2; 2, 2],
      extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
    Modelica.Mechanics.Translational.Sources.Force force;
  equation
    connect(mass.flange_b, friction.flange_a);
    connect(friction.flange_b, fixed.flange);
    connect(profile.y[1], force.f);
    connect(force.flange, mass.flange_a);
    annotation (experiment(StopTime=3));
  end Sliding;
end Tables;
